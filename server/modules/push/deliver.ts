import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { EndpointAddressError, endpointProblem, guardedLookup } from './endpoint.js';
import type { VapidKeys } from './vapid.js';

/** What a push carries to the service worker (src/app/service-worker/push.ts): small, and nothing a notification in the app would not show. */
export interface PushPayload {
  title: string;
  body: string;
  /** The SPA path the notification opens ('/' for none). */
  link: string;
  /** Notifications with one tag replace each other on the device (one per conversation). */
  tag: string;
}

export interface Device { endpoint: string; p256dh: string; auth: string }

export interface DeliverOptions {
  vapid: VapidKeys & { subject: string };
  allowLoopbackHttp: boolean;
  /** How long the push service keeps it for a device that is offline. */
  ttlSeconds: number;
  timeoutMs: number;
}

/** The endpoint is refused by endpoint.ts (on its URL, or its name's addresses): it will never be pushed to. */
export class RefusedEndpointError extends Error {}

/**
 * Sends one push: encrypted (aes128gcm, RFC 8291) and signed (VAPID, RFC 8292) by `web-push`,
 * POSTed by this module rather than by web-push's own `sendNotification`, which always speaks
 * https and resolves names itself: here the connection goes through `guardedLookup` (SSRF), plain
 * http only to a loopback stub when PUSH_ALLOW_LOOPBACK_HTTP, no redirect is followed, and the
 * answer's body is not kept. Resolves to the push service's status code; rejects on a network error.
 */
export async function deliver(device: Device, payload: PushPayload, options: DeliverOptions): Promise<number> {
  const problem = endpointProblem(device.endpoint, options.allowLoopbackHttp);
  if (problem) throw new RefusedEndpointError(problem);
  const details = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    JSON.stringify(payload),
    { vapidDetails: options.vapid, TTL: options.ttlSeconds, contentEncoding: 'aes128gcm', urgency: 'normal' },
  );
  const url = new URL(device.endpoint);
  const client = url.protocol === 'http:' ? http : https;
  return new Promise<number>((resolve, reject) => {
    const request = client.request(url, {
      method: 'POST',
      headers: details.headers as http.OutgoingHttpHeaders,
      lookup: guardedLookup(options.allowLoopbackHttp),
      // A hard deadline for the whole exchange, answer included: `timeout` alone fires only when
      // the socket goes idle, and an endpoint trickling a byte now and then would hold the job
      // (and every job queued behind it on this instance) past its lease.
      signal: AbortSignal.timeout(options.timeoutMs),
      timeout: options.timeoutMs,
      agent: false,
    }, (response) => {
      response.resume(); // the body says nothing the status does not
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`the push service did not answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) => reject(
      error instanceof EndpointAddressError ? new RefusedEndpointError(error.message)
        : error.name === 'AbortError' ? new Error(`the push service did not answer within ${options.timeoutMs} ms`)
          : error,
    ));
    request.end(details.body ?? undefined);
  });
}
