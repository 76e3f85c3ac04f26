import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { failure, notFound } from '../../lib/http-error.js';
import { countUpload, removedOnFailure, removeUpload, saveImage } from '../../lib/uploads/images.js';
import { readFormFields, readImageFile } from '../../lib/uploads/read-parts.js';
import { MB } from '../../plugins/multipart.js';
import { callerOf } from '../../plugins/auth.js';
import { checkProfile } from './profile.js';
import { IdParams, UserIdParams } from '../../lib/schemas.js';
import { toUserDto } from '../../lib/user-dto.js';
import { ProfileAnswer, ProfileBody, UploadAnswer } from './schemas.js';
import { findUserById, replaceProfileImage, updateProfile } from './service.js';

const userGone = () => notFound('User not found', { status: false });

/** A form's text fields become the body the route schema checks, exactly like a JSON body. */
async function formFieldsAsBody(request: FastifyRequest) {
  if (request.isMultipart()) request.body = await readFormFields(request, 4096);
}

const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put('/edit-profile/:userId', {
    // The access check runs before the body is read: only the owner gets a form parsed.
    config: { access: { self: 'userId' } },
    preValidation: formFieldsAsBody,
    schema: { params: UserIdParams, body: ProfileBody, response: { 200: ProfileAnswer } },
  }, async (request) => {
    const id = callerOf(request).user.id;
    const current = await findUserById(app.db, id);
    if (!current) throw userGone();
    const checked = checkProfile(request.body, current.contactNumber);
    if (!checked.ok) throw failure(400, checked.message);
    const user = await updateProfile(app.db, id, checked.value);
    if (!user) throw userGone();
    return { status: true, message: 'Your profile has been updated successfully.', user: toUserDto(user, true) };
  });

  app.post('/:id/upload', {
    config: { access: { self: 'id' } },
    schema: { params: IdParams, response: { 200: UploadAnswer } },
  }, async (request) => {
    const storage = app.uploads;
    const userId = callerOf(request).user.id;
    await countUpload(app.db, app.config.limits, userId);
    const bytes = await readImageFile(request, { field: 'profileImage', maxBytes: 5 * MB, tooLargeMessage: 'Image size should be less than 5MB' });
    const imageUrl = await saveImage(storage, 'profile', bytes);
    const result = await removedOnFailure(storage, [imageUrl], replaceProfileImage(app.db, userId, imageUrl).then((done) => {
      if (!done) throw userGone();
      return done;
    }));
    await removeUpload(storage, result.replaced);
    return { success: true, message: 'Profile image updated!', imageUrl, user: toUserDto(result.user, true) };
  });
};

export default profileRoutes;
