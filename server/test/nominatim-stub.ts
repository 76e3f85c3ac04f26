export { startNominatimStub, type StubRequest } from '../../mocks/nominatim-stub';
