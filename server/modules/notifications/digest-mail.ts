import escapeHtml from 'escape-html';
import type { MailMessage } from '../../mail/mailer.js';
import { KIND_EMAIL_LABELS } from './kinds.js';
import type { ChoosableKind } from './preferences.js';

/** Unread messages from one member, as the digest tells them. */
export interface Conversation {
  senderName: string;
  senderUsername: string;
  /** How many unread messages the digest covers from this sender. */
  count: number;
  /** The first lines of the latest few, newest first. */
  latest: string[];
  /** Absolute URL of the conversation. */
  url: string;
}

export interface DigestItem {
  title: string;
  body: string;
  /** Absolute URL of what it is about. */
  url: string;
}

export interface DigestContent {
  to: string;
  /** How the e-mail greets the member. */
  name: string;
  conversations: Conversation[];
  /** Every unread message the e-mail covers, those of conversations not quoted too. */
  messageCount: number;
  /** Conversations with unread messages beyond those quoted, and where to read them all. */
  moreConversations: number;
  inboxUrl: string;
  items: DigestItem[];
  /** Absolute URL of Settings → Notifications. */
  settingsUrl: string;
  /** For each kind in this e-mail, its own unsubscribe page (the SPA's, asks before it acts). */
  unsubscribe: Array<{ kind: ChoosableKind; url: string }>;
  /** The one-click URL (RFC 8058) for every kind in this e-mail, for the List-Unsubscribe header. */
  oneClickUrl: string;
}

/** At most this many lines of a message, each at most `LINE_MAX` characters: its first lines, not the whole of it. */
export const FIRST_LINES = 3;
const LINE_MAX = 160;

/** A message's first lines (blank ones dropped), each cut with an ellipsis. */
export function firstLines(content: string): string {
  const lines = content.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  const cut = lines.slice(0, FIRST_LINES).map((line) => (line.length > LINE_MAX ? `${line.slice(0, LINE_MAX - 1)}…` : line));
  if (lines.length > FIRST_LINES) cut[cut.length - 1] += ' …';
  return cut.join('\n');
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function subjectOf({ conversations, messageCount: messages, items }: DigestContent): string {
  if (items.length === 0 && messages === 1) return `New message from ${conversations[0].senderName} on Need Spot`;
  if (messages === 0 && items.length === 1) return `${items[0].title} on Need Spot`;
  const parts = [messages > 0 ? plural(messages, 'new message') : '', items.length > 0 ? plural(items.length, 'notification') : ''];
  return `${parts.filter(Boolean).join(' and ')} on Need Spot`;
}

function textOf(content: DigestContent): string {
  const lines = [`Hi ${content.name},`, ''];
  if (content.conversations.length > 0) {
    lines.push('Unread messages:', '');
    for (const { senderName, senderUsername, count, latest, url } of content.conversations) {
      lines.push(`${senderName} (@${senderUsername}) sent you ${plural(count, 'message')}:`);
      for (const message of latest) lines.push(...message.split('\n').map((line) => `  > ${line}`), '');
      lines.push(`Open the conversation: ${url}`, '');
    }
    if (content.moreConversations > 0) lines.push(`And unread messages in ${plural(content.moreConversations, 'more conversation')}: ${content.inboxUrl}`, '');
  }
  if (content.items.length > 0) {
    lines.push('Notifications:', '');
    for (const { title, body, url } of content.items) lines.push(`${title}: ${body}`, url, '');
  }
  lines.push('--', `You get these e-mails because of your choices in Settings → Notifications: ${content.settingsUrl}`);
  for (const { kind, url } of content.unsubscribe) lines.push(`Stop e-mails about ${KIND_EMAIL_LABELS[kind]}: ${url}`);
  lines.push('', 'Need Spot');
  return lines.join('\n');
}

const link = (url: string, label: string) => `<a href="${escapeHtml(url)}" style="color:#0f766e">${escapeHtml(label)}</a>`;

/** The same as `textOf`, as HTML: everything members wrote (names, messages, titles) is escaped. */
function htmlOf(content: DigestContent): string {
  const parts: string[] = [`<p>Hi ${escapeHtml(content.name)},</p>`];
  if (content.conversations.length > 0) {
    parts.push('<h2 style="font-size:18px">Unread messages</h2>');
    for (const { senderName, senderUsername, count, latest, url } of content.conversations) {
      parts.push(
        `<p><strong>${escapeHtml(senderName)}</strong> (@${escapeHtml(senderUsername)}) sent you ${plural(count, 'message')}:</p>`,
        ...latest.map((message) => `<blockquote style="margin:0 0 8px 0;padding-left:12px;border-left:3px solid #ccc;white-space:pre-line">${escapeHtml(message)}</blockquote>`),
        `<p>${link(url, 'Open the conversation')}</p>`,
      );
    }
    if (content.moreConversations > 0) parts.push(`<p>${link(content.inboxUrl, `And unread messages in ${plural(content.moreConversations, 'more conversation')}`)}</p>`);
  }
  if (content.items.length > 0) {
    parts.push('<h2 style="font-size:18px">Notifications</h2><ul>');
    for (const { title, body, url } of content.items) parts.push(`<li><strong>${escapeHtml(title)}</strong>: ${escapeHtml(body)} ${link(url, 'Open')}</li>`);
    parts.push('</ul>');
  }
  parts.push(
    '<hr>',
    `<p style="font-size:13px;color:#555">You get these e-mails because of your choices in ${link(content.settingsUrl, 'Settings → Notifications')}.<br>`,
    content.unsubscribe.map(({ kind, url }) => link(url, `Stop e-mails about ${KIND_EMAIL_LABELS[kind]}`)).join('<br>'),
    '</p>',
  );
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${parts.join('\n')}</body></html>`;
}

/** One e-mail for everything in the digest: plain text and HTML, with the one-click unsubscribe headers (RFC 2369, RFC 8058). */
export function digestMail(content: DigestContent): MailMessage {
  return {
    to: content.to,
    subject: subjectOf(content),
    text: textOf(content),
    html: htmlOf(content),
    headers: {
      'List-Unsubscribe': `<${content.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // Sent by the server, not a person: auto-responders stay quiet (RFC 3834).
      'Auto-Submitted': 'auto-generated',
    },
  };
}
