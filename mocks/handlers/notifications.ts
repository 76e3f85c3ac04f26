import { http, HttpResponse } from 'msw';
import { notifications } from '../fixtures/notifications';

export const notificationsHandlers = [
  http.get('*/api/notifications', ({ request }) =>
    request.headers.get('Authorization')?.startsWith('Bearer ')
      ? HttpResponse.json({ success: true, data: notifications })
      : HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }),
  ),
];
