import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { failure, notFound } from '../../lib/http-error.js';
import { removeUpload, saveImage } from '../uploads/images.js';
import { MB } from '../uploads/plugin.js';
import { readFormFields, readImageFile } from '../uploads/read-parts.js';
import { checkProfile } from './profile.js';
import { IdParams, ProfileAnswer, ProfileBody, UploadAnswer, UserIdParams } from './schemas.js';
import { findUserById, replaceProfileImage, updateProfile } from './service.js';
import { toUserDto } from './user-dto.js';

const userGone = () => notFound('User not found', { status: false });

/** A form's text fields become the body the route schema checks, exactly like a JSON body. */
async function formFieldsAsBody(request: FastifyRequest) {
  if (request.isMultipart()) request.body = await readFormFields(request, 4096);
}

const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put('/edit-profile/:userId', {
    // Authenticate before reading a form: only the owner gets the body parsed (validation runs after).
    preValidation: [app.requireSelf('userId'), formFieldsAsBody],
    schema: { params: UserIdParams, body: ProfileBody, response: { 200: ProfileAnswer } },
  }, async (request) => {
    const id = request.user!.id;
    const current = await findUserById(app.db, id);
    if (!current) throw userGone();
    const checked = checkProfile(request.body, current.contactNumber);
    if (!checked.ok) throw failure(400, checked.message);
    const user = await updateProfile(app.db, id, checked.value);
    if (!user) throw userGone();
    return { status: true, message: 'Your profile has been updated successfully.', user: toUserDto(user, true) };
  });

  app.post('/:id/upload', {
    preHandler: app.requireSelf('id'),
    schema: { params: IdParams, response: { 200: UploadAnswer } },
  }, async (request) => {
    const { uploadsDir } = app.config;
    const bytes = await readImageFile(request, { field: 'profileImage', maxBytes: 5 * MB, tooLargeMessage: 'Image size should be less than 5MB' });
    const imageUrl = await saveImage(uploadsDir, 'profile', bytes);
    const result = await replaceProfileImage(app.db, request.user!.id, imageUrl).catch(async (error: unknown) => {
      await removeUpload(uploadsDir, imageUrl);
      throw error;
    });
    if (!result) {
      await removeUpload(uploadsDir, imageUrl);
      throw userGone();
    }
    await removeUpload(uploadsDir, result.replaced);
    return { success: true, message: 'Profile image updated!', imageUrl, user: toUserDto(result.user, true) };
  });
};

export default profileRoutes;
