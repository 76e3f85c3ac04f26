import { http, HttpResponse } from 'msw';
import { getMockUpload, getMockUser } from './user-store';

export const usersHandlers = [
  http.get('*/api/user/:id', ({ params }) =>
    params.id === getMockUser()._id
      ? HttpResponse.json({ status: true, user: getMockUser() })
      : HttpResponse.json({ status: false, message: 'User not found' }, { status: 404 }),
  ),

  // Photos "uploaded" to the mock server (dev:mock shows them; jsdom never loads images).
  http.get('*/uploads/profile/:file', ({ request }) => {
    const upload = getMockUpload(new URL(request.url).pathname);
    return upload
      ? new HttpResponse(upload.bytes, { headers: { 'Content-Type': upload.type } })
      : new HttpResponse(null, { status: 404 });
  }),
];
