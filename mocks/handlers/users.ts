import { http, HttpResponse } from 'msw';
import { demoUser } from '../fixtures/users';

export const usersHandlers = [
  http.get('*/api/user/:id', ({ params }) =>
    params.id === demoUser._id
      ? HttpResponse.json({ status: true, user: demoUser })
      : HttpResponse.json({ status: false, message: 'User not found' }, { status: 404 }),
  ),
];
