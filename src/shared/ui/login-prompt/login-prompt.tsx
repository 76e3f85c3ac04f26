import { paths } from '@/shared/config';
import { ButtonLink } from '../button';
import { EmptyState } from '../empty-state';

/** Spec §2: the inbox, a conversation and the friend requests tell a visitor why to log in in these words. */
export const FRIENDS_LOGIN_TEXT = 'Please log in to view your requests and connect with friends.';

interface LoginPromptProps {
  /** Why to log in here. */
  text: string;
  /** 'h1' when the prompt is all the page shows. */
  titleAs?: 'p' | 'h1';
}

/** What a screen for members shows a visitor: 'You are not logged in', why, and 'Login Now'. */
export function LoginPrompt({ text, titleAs = 'h1' }: LoginPromptProps) {
  return <EmptyState titleAs={titleAs} icon="user" title="You are not logged in" description={text} action={<ButtonLink to={paths.login()}>Login Now</ButtonLink>} />;
}
