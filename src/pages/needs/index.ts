export { NeedsPage } from './ui/needs-page';
export { NeedDetailPage } from './ui/need-detail-page';
export { CreateNeedPage } from './ui/create-need-page';
export { EditNeedPage } from './ui/edit-need-page';
