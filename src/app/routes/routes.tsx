import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from '@/shared/config';
import { AppLayout } from '../layout/app-layout';
import { RequireAuth } from './require-auth';
import { RequireModerator } from './require-moderator';

// One chunk per page (architecture: pages are lazy-loaded).
const HomePage = lazy(() => import('@/pages/home').then((m) => ({ default: m.HomePage })));
const LoginPage = lazy(() => import('@/pages/login').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('@/pages/register').then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazy(() => import('@/pages/forgot-password').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetOtpPage = lazy(() => import('@/pages/forgot-password').then((m) => ({ default: m.ResetOtpPage })));
const SetPasswordPage = lazy(() => import('@/pages/forgot-password').then((m) => ({ default: m.SetPasswordPage })));
const ProfilePage = lazy(() => import('@/pages/profile').then((m) => ({ default: m.ProfilePage })));
const SettingsPage = lazy(() => import('@/pages/settings').then((m) => ({ default: m.SettingsPage })));
const ChangePasswordPage = lazy(() => import('@/pages/settings').then((m) => ({ default: m.ChangePasswordPage })));
const ChangeEmailPage = lazy(() => import('@/pages/settings').then((m) => ({ default: m.ChangeEmailPage })));
const VerifyEmailOtpPage = lazy(() => import('@/pages/settings').then((m) => ({ default: m.VerifyEmailOtpPage })));
const BlockedMembersPage = lazy(() => import('@/pages/settings').then((m) => ({ default: m.BlockedMembersPage })));
const NotificationSettingsPage = lazy(() => import('@/pages/settings').then((m) => ({ default: m.NotificationSettingsPage })));
const UnsubscribePage = lazy(() => import('@/pages/settings').then((m) => ({ default: m.UnsubscribePage })));
const LocationPage = lazy(() => import('@/pages/map').then((m) => ({ default: m.LocationPage })));
const MapPage = lazy(() => import('@/pages/map').then((m) => ({ default: m.MapPage })));
const AboutUsPage = lazy(() => import('@/pages/about-us').then((m) => ({ default: m.AboutUsPage })));
const HelpSupportPage = lazy(() => import('@/pages/help-support').then((m) => ({ default: m.HelpSupportPage })));
const CompanionsPage = lazy(() => import('@/pages/trips').then((m) => ({ default: m.CompanionsPage })));
const PlanTripPage = lazy(() => import('@/pages/trips').then((m) => ({ default: m.PlanTripPage })));
const MyTripsPage = lazy(() => import('@/pages/trips').then((m) => ({ default: m.MyTripsPage })));
const EditTripPage = lazy(() => import('@/pages/trips').then((m) => ({ default: m.EditTripPage })));
const NeedsPage = lazy(() => import('@/pages/needs').then((m) => ({ default: m.NeedsPage })));
const NeedDetailPage = lazy(() => import('@/pages/needs').then((m) => ({ default: m.NeedDetailPage })));
const CreateNeedPage = lazy(() => import('@/pages/needs').then((m) => ({ default: m.CreateNeedPage })));
const EditNeedPage = lazy(() => import('@/pages/needs').then((m) => ({ default: m.EditNeedPage })));
const NotFoundPage = lazy(() => import('@/pages/not-found').then((m) => ({ default: m.NotFoundPage })));
const EventsPage = lazy(() => import('@/pages/events').then((m) => ({ default: m.EventsPage })));
const EventDetailPage = lazy(() => import('@/pages/events').then((m) => ({ default: m.EventDetailPage })));
const AddEventPage = lazy(() => import('@/pages/events').then((m) => ({ default: m.AddEventPage })));
const EditEventPage = lazy(() => import('@/pages/events').then((m) => ({ default: m.EditEventPage })));
const SkillsPage = lazy(() => import('@/pages/skills').then((m) => ({ default: m.SkillsPage })));
const SkillDetailPage = lazy(() => import('@/pages/skills-detail').then((m) => ({ default: m.SkillDetailPage })));
const AddSkillPage = lazy(() => import('@/pages/skills-editor').then((m) => ({ default: m.AddSkillPage })));
const EditSkillPage = lazy(() => import('@/pages/skills-editor').then((m) => ({ default: m.EditSkillPage })));
const WhispersPage = lazy(() => import('@/pages/whispers').then((m) => ({ default: m.WhispersPage })));
const WhisperDetailPage = lazy(() => import('@/pages/whispers').then((m) => ({ default: m.WhisperDetailPage })));
const WhisperProfilePage = lazy(() => import('@/pages/whispers').then((m) => ({ default: m.WhisperProfilePage })));
const CreateWhisperPage = lazy(() => import('@/pages/whisper-editor').then((m) => ({ default: m.CreateWhisperPage })));
const EditWhisperPage = lazy(() => import('@/pages/whisper-editor').then((m) => ({ default: m.EditWhisperPage })));
const ChallengesPage = lazy(() => import('@/pages/challenges').then((m) => ({ default: m.ChallengesPage })));
const ChallengeDetailPage = lazy(() => import('@/pages/challenges').then((m) => ({ default: m.ChallengeDetailPage })));
const JoinedChallengePage = lazy(() => import('@/pages/challenges').then((m) => ({ default: m.JoinedChallengePage })));
const MessagesPage = lazy(() => import('@/pages/messages').then((m) => ({ default: m.MessagesPage })));
const ConversationPage = lazy(() => import('@/pages/messages').then((m) => ({ default: m.ConversationPage })));
const FriendRequestsPage = lazy(() => import('@/pages/friend-requests').then((m) => ({ default: m.FriendRequestsPage })));
const ModerationPage = lazy(() => import('@/pages/moderation').then((m) => ({ default: m.ModerationPage })));

const authOnly = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;
const moderatorOnly = (element: ReactNode) => <RequireModerator notFound={<NotFoundPage />}>{element}</RequireModerator>;

/**
 * The route table (AppRoutes), the same under the browser's router and the tests' memory one. Later
 * issues add their pages here (paths from shared/config); until then those paths fall to the 404 page.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: paths.home(), element: <HomePage /> },
      { path: paths.login(), element: <LoginPage /> },
      { path: paths.register(), element: <RegisterPage /> },
      { path: paths.forgotPassword.root(), element: <ForgotPasswordPage /> },
      { path: paths.forgotPassword.otp(), element: <ResetOtpPage /> },
      { path: paths.forgotPassword.setPassword(), element: <SetPasswordPage /> },
      { path: paths.profile(), element: authOnly(<ProfilePage />) },
      { path: paths.settings.root(), element: authOnly(<SettingsPage />) },
      { path: paths.settings.changePassword(), element: authOnly(<ChangePasswordPage />) },
      { path: paths.settings.changeEmail(), element: authOnly(<ChangeEmailPage />) },
      { path: paths.settings.verifyEmailOtp(), element: authOnly(<VerifyEmailOtpPage />) },
      { path: paths.settings.blocked(), element: authOnly(<BlockedMembersPage />) },
      { path: paths.settings.notifications(), element: authOnly(<NotificationSettingsPage />) },
      // Not behind RequireAuth: an e-mail's unsubscribe link works signed out (its token is the permission).
      { path: paths.unsubscribe(), element: <UnsubscribePage /> },
      { path: paths.location(), element: <LocationPage /> },
      { path: paths.map(), element: <MapPage /> },
      { path: paths.aboutUs(), element: <AboutUsPage /> },
      { path: paths.helpSupport(), element: <HelpSupportPage /> },
      // Not behind RequireAuth: logged out, it is the spec's 'Coming Soon!' saying how to get matches.
      { path: paths.companions(), element: <CompanionsPage /> },
      { path: paths.planTrip(), element: authOnly(<PlanTripPage />) },
      { path: paths.trips(), element: authOnly(<MyTripsPage />) },
      { path: paths.editTrip(':id'), element: authOnly(<EditTripPage />) },
      { path: paths.events.root(), element: <EventsPage /> },
      { path: paths.events.byId(':id'), element: <EventDetailPage /> },
      { path: paths.events.add(), element: <AddEventPage /> },
      { path: paths.events.edit(':id'), element: authOnly(<EditEventPage />) },
      { path: paths.needs.root(), element: <NeedsPage /> },
      { path: paths.needs.create(), element: <CreateNeedPage /> },
      { path: paths.needs.byId(':id'), element: <NeedDetailPage /> },
      { path: paths.needs.edit(':id'), element: authOnly(<EditNeedPage />) },
      { path: paths.skills.root(), element: <SkillsPage /> },
      { path: paths.skills.add(), element: <AddSkillPage /> },
      { path: paths.skills.byId(':id'), element: <SkillDetailPage /> },
      { path: paths.skills.edit(':id'), element: authOnly(<EditSkillPage />) },
      { path: paths.whispers.root(), element: <WhispersPage /> },
      { path: paths.whispers.detail(':id'), element: <WhisperDetailPage /> },
      { path: paths.whispers.edit(':id'), element: authOnly(<EditWhisperPage />) },
      { path: paths.whispers.create(), element: <CreateWhisperPage /> },
      { path: paths.whispers.profile(':id'), element: <WhisperProfilePage /> },
      // Not behind RequireAuth: logged out, the page shows its own 'You are not logged in' state (spec §2).
      { path: paths.allRequests(), element: <FriendRequestsPage /> },
      { path: paths.messages.root(), element: <MessagesPage /> },
      { path: paths.messages.bySender(':userId'), element: <ConversationPage /> },
      { path: paths.challenges.root(), element: <ChallengesPage /> },
      { path: paths.challenges.detail(':id'), element: <ChallengeDetailPage /> },
      { path: paths.challenges.joined(':id'), element: <JoinedChallengePage /> },
      { path: paths.moderation(), element: moderatorOnly(<ModerationPage />) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
