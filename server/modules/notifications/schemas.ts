import { Type } from '@fastify/type-provider-typebox';

export const NotificationSchema = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  body: Type.String(),
  createdAt: Type.String(),
  read: Type.Boolean(),
});
export const NotificationsAnswer = Type.Object({ success: Type.Boolean(), data: Type.Array(NotificationSchema), unreadCount: Type.Integer() });
export const ReadAnswer = Type.Object({ success: Type.Boolean(), updated: Type.Integer() });
