import { isValidElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '@/shared/config';
import { AppLayout } from '../layout/app-layout';
import { lazyPage, type LazyPage } from './lazy-page';
import { RequireAuth } from './require-auth';
import { RequireModerator } from './require-moderator';

// One chunk per page (architecture: pages are lazy-loaded); the first screen's is preloaded (preloadPage).
const HomePage = lazyPage(() => import('@/pages/home').then((m) => m.HomePage));
const LoginPage = lazyPage(() => import('@/pages/login').then((m) => m.LoginPage));
const RegisterPage = lazyPage(() => import('@/pages/register').then((m) => m.RegisterPage));
const ForgotPasswordPage = lazyPage(() => import('@/pages/forgot-password').then((m) => m.ForgotPasswordPage));
const ResetOtpPage = lazyPage(() => import('@/pages/forgot-password').then((m) => m.ResetOtpPage));
const SetPasswordPage = lazyPage(() => import('@/pages/forgot-password').then((m) => m.SetPasswordPage));
const ProfilePage = lazyPage(() => import('@/pages/profile').then((m) => m.ProfilePage));
const SettingsPage = lazyPage(() => import('@/pages/settings').then((m) => m.SettingsPage));
const ChangePasswordPage = lazyPage(() => import('@/pages/settings').then((m) => m.ChangePasswordPage));
const ChangeEmailPage = lazyPage(() => import('@/pages/settings').then((m) => m.ChangeEmailPage));
const VerifyEmailOtpPage = lazyPage(() => import('@/pages/settings').then((m) => m.VerifyEmailOtpPage));
const BlockedMembersPage = lazyPage(() => import('@/pages/settings').then((m) => m.BlockedMembersPage));
const NotificationSettingsPage = lazyPage(() => import('@/pages/settings').then((m) => m.NotificationSettingsPage));
const UnsubscribePage = lazyPage(() => import('@/pages/settings').then((m) => m.UnsubscribePage));
const LocationPage = lazyPage(() => import('@/pages/map').then((m) => m.LocationPage));
const MapPage = lazyPage(() => import('@/pages/map').then((m) => m.MapPage));
const AboutUsPage = lazyPage(() => import('@/pages/about-us').then((m) => m.AboutUsPage));
const HelpSupportPage = lazyPage(() => import('@/pages/help-support').then((m) => m.HelpSupportPage));
const CompanionsPage = lazyPage(() => import('@/pages/trips').then((m) => m.CompanionsPage));
const PlanTripPage = lazyPage(() => import('@/pages/trips').then((m) => m.PlanTripPage));
const MyTripsPage = lazyPage(() => import('@/pages/trips').then((m) => m.MyTripsPage));
const EditTripPage = lazyPage(() => import('@/pages/trips').then((m) => m.EditTripPage));
const NeedsPage = lazyPage(() => import('@/pages/needs').then((m) => m.NeedsPage));
const NeedDetailPage = lazyPage(() => import('@/pages/needs').then((m) => m.NeedDetailPage));
const CreateNeedPage = lazyPage(() => import('@/pages/needs').then((m) => m.CreateNeedPage));
const EditNeedPage = lazyPage(() => import('@/pages/needs').then((m) => m.EditNeedPage));
const NotFoundPage = lazyPage(() => import('@/pages/not-found').then((m) => m.NotFoundPage));
const EventsPage = lazyPage(() => import('@/pages/events').then((m) => m.EventsPage));
const EventDetailPage = lazyPage(() => import('@/pages/events').then((m) => m.EventDetailPage));
const AddEventPage = lazyPage(() => import('@/pages/events').then((m) => m.AddEventPage));
const EditEventPage = lazyPage(() => import('@/pages/events').then((m) => m.EditEventPage));
const SkillsPage = lazyPage(() => import('@/pages/skills').then((m) => m.SkillsPage));
const SkillDetailPage = lazyPage(() => import('@/pages/skills-detail').then((m) => m.SkillDetailPage));
const AddSkillPage = lazyPage(() => import('@/pages/skills-editor').then((m) => m.AddSkillPage));
const EditSkillPage = lazyPage(() => import('@/pages/skills-editor').then((m) => m.EditSkillPage));
const WhispersPage = lazyPage(() => import('@/pages/whispers').then((m) => m.WhispersPage));
const WhisperDetailPage = lazyPage(() => import('@/pages/whispers').then((m) => m.WhisperDetailPage));
const WhisperProfilePage = lazyPage(() => import('@/pages/whispers').then((m) => m.WhisperProfilePage));
const CreateWhisperPage = lazyPage(() => import('@/pages/whisper-editor').then((m) => m.CreateWhisperPage));
const EditWhisperPage = lazyPage(() => import('@/pages/whisper-editor').then((m) => m.EditWhisperPage));
const ChallengesPage = lazyPage(() => import('@/pages/challenges').then((m) => m.ChallengesPage));
const ChallengeDetailPage = lazyPage(() => import('@/pages/challenges').then((m) => m.ChallengeDetailPage));
const JoinedChallengePage = lazyPage(() => import('@/pages/challenges').then((m) => m.JoinedChallengePage));
const MessagesPage = lazyPage(() => import('@/pages/messages').then((m) => m.MessagesPage));
const ConversationPage = lazyPage(() => import('@/pages/messages').then((m) => m.ConversationPage));
const FriendRequestsPage = lazyPage(() => import('@/pages/friend-requests').then((m) => m.FriendRequestsPage));
const ModerationPage = lazyPage(() => import('@/pages/moderation').then((m) => m.ModerationPage));

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

/** The page an element shows: itself, or the one a guard (RequireAuth, RequireModerator) wraps. */
function pageOf(element: ReactNode): LazyPage | undefined {
  if (!isValidElement<{ children?: ReactNode }>(element)) return undefined;
  if (typeof element.type === 'function' && 'preload' in element.type) return element.type as LazyPage;
  return pageOf(element.props.children);
}

/**
 * Asks for the chunk of the page at `pathname` (the 404 page's for a path no route names), so the
 * first screen's page is drawn as soon as it can be (lazy-page.tsx). Behind a guard, the guarded
 * page's, even for a visitor the guard sends elsewhere: one chunk more, never a wait.
 */
export function preloadPage(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return pageOf(matches[matches.length - 1]?.route.element)?.preload() ?? Promise.resolve();
}
