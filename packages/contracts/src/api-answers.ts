import { z } from 'zod';
import {
  ZAccountType,
  ZBilling,
  ZCurrentOwner,
  ZPermissions,
  ZSessionUser,
  ZStorageAnswer,
  ZUserAccounts,
  ZUserInfo,
  ZUserTrial,
} from './account.ts';
import { ZCsrfToken, ZRegisterAnswer, ZSignedIn } from './auth.ts';
import {
  ZCheckoutAnswer,
  ZCouponList,
  ZCouponView,
  ZInvoiceList,
  ZInvoiceView,
  ZOrderList,
  ZOrderView,
  ZPaymentCallbackAnswer,
  ZPriceList,
  ZQuote,
  ZSandboxOrder,
  ZSandboxPayAnswer,
  ZSubscriptionList,
  ZTrialVerification,
} from './billing.ts';
import { ZCalendarFeedLinks, ZCalendarFeedStatus } from './calendar-feed.ts';
import {
  ZActiveTeam,
  ZChatMessage,
  ZClearUnreadAnswer,
  ZContact,
  ZConversation,
  ZMarkUnreadAnswer,
  ZUnreadRecord,
} from './chat.ts';
import { ZOk } from './common.ts';
import { ZCookieConsent } from './cookie-consent.ts';
import { ZManagedUser, ZTeamDetail, ZTeamList } from './directory.ts';
import { ZErrorBody } from './errors.ts';
import { ZInstitution } from './institution.ts';
import { ZInstitutionMonth } from './institution-month.ts';
import { ZJoinAnswer, ZPublicMeeting } from './join.ts';
import {
  ZAttendanceList,
  ZCalendarAnswer,
  ZInvitationList,
  ZInviteAnswer,
  ZMeetingPage,
  ZMeetingRecordingList,
  ZMeetingView,
  ZOccurrenceList,
  ZOccurrenceView,
} from './meetings.ts';
import { ZNotificationsReadAnswer, ZNotificationView } from './notifications.ts';
import { ZAccountStatusAnswer, ZOpsAccountList } from './ops.ts';
import { ZPictureAnswer, ZProfileAnswer, ZProfileLocaleAnswer, ZSessionList, ZSessionsEnded } from './profile.ts';
import { ZContactConfig, ZReadiness } from './public.ts';
import { ZPushDevice, ZPushDeviceList, ZPushKey } from './push.ts';
import {
  ZRecordingAnswer,
  ZRecordingDownloadAnswer,
  ZRecordingList,
  ZRecordingShareAnswer,
  ZRecordingView,
} from './recordings.ts';
import { ZMeetingAttendance, ZMeetingsReport, ZRoomsReport, ZUsersReport } from './reports.ts';
import { ZRoomList, ZRoomTypes, ZRoomView, ZUnassignAnswer } from './rooms.ts';
import {
  ZDomainAnswer,
  ZDomainList,
  ZJoinRequests,
  ZSsoFound,
  ZSsoLogoutAnswer,
  ZSsoSettings,
  ZSsoTestAnswer,
} from './sso.ts';
import { ZManagedTeam, ZManagedTeamList, ZTeamCandidates } from './teams.ts';
import {
  ZAcceptInvitationAnswer,
  ZAccountInvitationList,
  ZAccountInvitationResent,
  ZAccountInvitationView,
  ZAddUserAnswer,
  ZAuditList,
  ZUserAnswer,
  ZUserList,
} from './users.ts';
import { ZBbbEventsAnswer, ZZoomWebhookAnswer } from './webhooks.ts';

/**
 * The answer every /api route sends, by the route's Hono pattern, in the BFF's registration order (the order Hono
 * tries them in, so `/api/rooms/types` is found before `/api/rooms/:id`). `schema` is the JSON body of the answers
 * listed in `statuses` (default 200); `null` marks a route whose answer is not JSON (a file, a redirect, BBB's plain
 * text). The BFF declares the same schemas on its routes (`doc(…, { response })`); apps/bff/test/api-answers.test.ts
 * fails when this table and the routes part. Test fakes of the BFF (the client's `fakeBff`) hold their answers to it,
 * so a client test cannot pass on an answer the BFF never sends.
 */
export const API_ANSWERS = {
  'GET /api/csrf-token': { schema: ZCsrfToken },
  'POST /api/register': { schema: ZRegisterAnswer, statuses: [202] },
  'POST /api/register/confirm': { schema: ZSignedIn, statuses: [201] },
  'POST /api/login': { schema: ZSignedIn },
  'GET /api/logout': { schema: ZOk },
  'POST /api/password/forgot': { schema: ZOk },
  'POST /api/password/reset': { schema: ZOk },
  'GET /api/account/sso': { schema: ZSsoSettings },
  'PUT /api/account/sso': { schema: ZSsoSettings },
  'POST /api/account/sso/test': { schema: ZSsoTestAnswer },
  'DELETE /api/account/sso': { schema: ZSsoSettings },
  'GET /api/auth/oidc/find': { schema: ZSsoFound },
  'GET /api/auth/oidc/start': { schema: null },
  'POST /api/auth/oidc/backchannel-logout/:accountId': { schema: ZSsoLogoutAnswer },
  'GET /api/auth/oidc/session': { schema: ZSignedIn },
  'GET /api/auth/oidc/callback': { schema: null },
  'GET /api/account/domains': { schema: ZDomainList },
  'POST /api/account/domains': { schema: ZDomainAnswer, statuses: [201] },
  'POST /api/account/domains/:id/verify': { schema: ZDomainAnswer },
  'PUT /api/account/domains/:id': { schema: ZDomainAnswer },
  'DELETE /api/account/domains/:id': { schema: ZDomainList },
  'GET /api/account/join-requests': { schema: ZJoinRequests },
  'POST /api/account/join-requests/:id/approve': { schema: ZOk },
  'POST /api/account/join-requests/:id/reject': { schema: ZOk },
  'GET /api/user/info': { schema: ZUserInfo },
  'GET /api/user/permission': { schema: ZPermissions },
  'GET /api/account/type': { schema: ZAccountType },
  'GET /api/account/storage': { schema: ZStorageAnswer },
  'GET /api/billing': { schema: ZBilling },
  'GET /api/usertrial': { schema: ZUserTrial },
  'GET /api/current-owner': { schema: ZCurrentOwner },
  'GET /api/user/accounts': { schema: ZUserAccounts },
  'POST /api/inst-login': { schema: ZSessionUser },
  'PUT /api/profile': { schema: ZProfileAnswer },
  'PUT /api/profile/locale': { schema: ZProfileLocaleAnswer },
  'GET /api/cookie-consent': { schema: ZCookieConsent },
  'PUT /api/cookie-consent': { schema: ZCookieConsent },
  'PUT /api/profile/picture': { schema: ZPictureAnswer },
  'GET /api/users/:id/picture': { schema: null },
  'POST /api/profile/password': { schema: ZSessionsEnded },
  'GET /api/profile/sessions': { schema: ZSessionList },
  'POST /api/profile/sessions/end-others': { schema: ZSessionsEnded },
  'GET /api/account/institution': { schema: ZInstitution },
  'PUT /api/account/institution': { schema: ZInstitution },
  'GET /api/config/contact': { schema: ZContactConfig },
  'POST /api/contact': { schema: ZOk, statuses: [201] },
  'GET /api/health': { schema: ZOk },
  'GET /api/ready': { schema: ZReadiness, statuses: [200, 503] },
  'GET /api/users': { schema: ZUserList },
  'POST /api/users': { schema: ZAddUserAnswer, statuses: [201, 202] },
  'GET /api/users/audit': { schema: ZAuditList },
  'GET /api/users/invitations': { schema: ZAccountInvitationList },
  'POST /api/users/invitations/:id/resend': { schema: ZAccountInvitationResent },
  'DELETE /api/users/invitations/:id': { schema: ZOk },
  'GET /api/users/:id': { schema: ZManagedUser },
  'PUT /api/users/:id': { schema: ZUserAnswer },
  'PUT /api/users/:id/status': { schema: ZUserAnswer },
  'DELETE /api/users/:id': { schema: ZUnassignAnswer },
  'GET /api/account-invitations/:token': { schema: ZAccountInvitationView },
  'POST /api/account-invitations/:token/accept': { schema: ZAcceptInvitationAnswer },
  'GET /api/teams': { schema: ZTeamList },
  'GET /api/teams/manage': { schema: ZManagedTeamList },
  'GET /api/teams/candidates': { schema: ZTeamCandidates },
  'POST /api/teams': { schema: ZManagedTeam, statuses: [201] },
  'GET /api/teams/:id': { schema: ZTeamDetail },
  'PUT /api/teams/:id': { schema: ZManagedTeam },
  'DELETE /api/teams/:id': { schema: ZOk },
  'POST /api/teams/:id/members': { schema: ZManagedTeam },
  'DELETE /api/teams/:id/members/:userId': { schema: ZOk },
  'GET /api/teams/all/active': { schema: z.array(ZActiveTeam) },
  'GET /api/chat/users': { schema: z.array(ZContact) },
  'GET /api/chat/users/:teamId': { schema: z.array(ZContact) },
  'GET /api/chat/message/status/unread': { schema: z.array(ZUnreadRecord) },
  'POST /api/chat/message/status/unread': { schema: ZMarkUnreadAnswer },
  'POST /api/chat/message/status/read': { schema: ZOk },
  'DELETE /api/chat/message/status/all/:conversationId': { schema: ZClearUnreadAnswer },
  'GET /api/chat/message/:conversationId': { schema: z.array(ZChatMessage) },
  'POST /api/chat/message': { schema: ZChatMessage, statuses: [200, 201] },
  'POST /api/chat/conversation': { schema: ZConversation },
  'GET /api/notif/notify': { schema: z.array(ZNotificationView) },
  'PUT /api/notif/notify/:id': { schema: ZOk },
  'POST /api/notif/notify': { schema: ZNotificationsReadAnswer },
  'GET /api/rooms/types': { schema: ZRoomTypes },
  'GET /api/rooms': { schema: ZRoomList },
  'POST /api/rooms': { schema: ZRoomView, statuses: [201] },
  'GET /api/rooms/:id': { schema: ZRoomView },
  'PUT /api/rooms/:id': { schema: ZRoomView },
  'DELETE /api/rooms/:id': { schema: ZOk },
  'PUT /api/rooms/:id/assign': { schema: ZRoomView },
  'DELETE /api/rooms/:id/assign': { schema: ZUnassignAnswer },
  'GET /api/usertrial/verification': { schema: ZTrialVerification },
  'POST /api/usertrial/phone': { schema: ZTrialVerification },
  'POST /api/usertrial/resend': { schema: ZTrialVerification },
  'POST /api/usertrial/verify': { schema: ZUserTrial },
  'GET /api/meetings': { schema: ZMeetingPage },
  'POST /api/meetings': { schema: ZMeetingView, statuses: [201] },
  'GET /api/calendar': { schema: ZCalendarAnswer },
  'GET /api/meetings/:id': { schema: ZMeetingView },
  'PUT /api/meetings/:id': { schema: ZMeetingView },
  'DELETE /api/meetings/:id': { schema: ZOk },
  'POST /api/meetings/:id/activate': { schema: ZMeetingView },
  'POST /api/meetings/:id/deactivate': { schema: ZMeetingView },
  'POST /api/meetings/:id/passcode': { schema: ZMeetingView },
  'DELETE /api/meetings/:id/passcode': { schema: ZMeetingView },
  'POST /api/meetings/:id/start': { schema: ZJoinAnswer },
  'POST /api/meetings/:id/end': { schema: ZMeetingView },
  'PUT /api/meetings/:id/favourite': { schema: ZMeetingView },
  'DELETE /api/meetings/:id/assistants/me': { schema: ZOk },
  'GET /api/meetings/:id/occurrences': { schema: ZOccurrenceList },
  'PUT /api/meetings/:id/occurrences/:occurrenceId': { schema: ZOccurrenceView },
  'DELETE /api/meetings/:id/occurrences/:occurrenceId': { schema: ZOk },
  'POST /api/meetings/:id/invitations': { schema: ZInviteAnswer, statuses: [201] },
  'GET /api/meetings/:id/invitations': { schema: ZInvitationList },
  'GET /api/meetings/:id/ics': { schema: null },
  'GET /api/meetings/:id/attendance': { schema: ZAttendanceList },
  'GET /api/meetings/:id/recordings': { schema: ZMeetingRecordingList },
  'GET /api/calendar/feed': { schema: ZCalendarFeedStatus },
  'POST /api/calendar/feed': { schema: ZCalendarFeedLinks, statuses: [201] },
  'DELETE /api/calendar/feed': { schema: ZOk },
  'GET /api/calendar/feed/:userId/:file': { schema: null },
  'GET /api/push/key': { schema: ZPushKey },
  'GET /api/push/devices': { schema: ZPushDeviceList },
  'POST /api/push/devices': { schema: ZPushDevice, statuses: [201] },
  'DELETE /api/push/devices/:id': { schema: ZOk },
  'GET /api/join/:number': { schema: ZPublicMeeting },
  'POST /api/join/:number': { schema: ZJoinAnswer },
  'GET /api/recordings': { schema: ZRecordingList },
  'GET /api/recordings/:id': { schema: ZRecordingView, statuses: [200] },
  'PUT /api/recordings/:id': { schema: ZRecordingAnswer },
  'DELETE /api/recordings/:id': { schema: ZOk },
  'POST /api/recordings/:id/share': { schema: ZRecordingShareAnswer },
  'POST /api/recordings/:id/downloads': { schema: ZRecordingDownloadAnswer, statuses: [200] },
  'GET /api/reports/meetings': { schema: ZMeetingsReport },
  'GET /api/reports/meetings/export': { schema: null },
  'GET /api/reports/meetings/:id/attendance': { schema: ZMeetingAttendance },
  'GET /api/reports/meetings/:id/attendance/export': { schema: null },
  'GET /api/reports/rooms': { schema: ZRoomsReport },
  'GET /api/reports/rooms/export': { schema: null },
  'GET /api/reports/users': { schema: ZUsersReport },
  'GET /api/reports/users/export': { schema: null },
  'GET /api/billing/subscriptions': { schema: ZSubscriptionList },
  'POST /api/billing/checkout': { schema: ZCheckoutAnswer },
  'GET /api/billing/orders': { schema: ZOrderList },
  'GET /api/billing/orders/:id': { schema: ZOrderView },
  'POST /api/billing/orders/:id/pay': { schema: ZCheckoutAnswer },
  'GET /api/billing/sandbox/:ref': { schema: ZSandboxOrder },
  'POST /api/billing/sandbox/:ref': { schema: ZSandboxPayAnswer },
  'POST /api/webhooks/paymob': { schema: ZPaymentCallbackAnswer },
  'GET /api/billing/paymob/return': { schema: null },
  'GET /api/billing/institution-month': { schema: ZInstitutionMonth },
  'GET /api/billing/invoices': { schema: ZInvoiceList },
  'GET /api/billing/invoices/:id': { schema: ZInvoiceView },
  'GET /api/billing/invoices/:id/pdf': { schema: null },
  'GET /api/billing/prices': { schema: ZPriceList },
  'POST /api/billing/quote': { schema: ZQuote },
  'POST /api/billing/transfer': { schema: ZOk },
  'GET /api/webhooks/bbb/end': { schema: null },
  'POST /api/webhooks/bbb/recording-ready': { schema: null },
  'POST /api/webhooks/bbb/events': { schema: ZBbbEventsAnswer },
  'POST /api/webhooks/zoom': { schema: ZZoomWebhookAnswer },
  'GET /api/ops/accounts': { schema: ZOpsAccountList },
  'PUT /api/ops/accounts/:id/status': { schema: ZAccountStatusAnswer },
  'GET /api/ops/prices': { schema: ZPriceList },
  'PUT /api/ops/prices/:key': { schema: ZPriceList },
  'GET /api/ops/coupons': { schema: ZCouponList },
  'POST /api/ops/coupons': { schema: ZCouponView, statuses: [201] },
  'PATCH /api/ops/coupons/:id': { schema: ZCouponView },
} satisfies Record<string, ApiAnswer>;

export interface ApiAnswer {
  schema: z.ZodType | null;
  statuses?: readonly number[];
}

export type ApiRouteKey = keyof typeof API_ANSWERS;

const patterns = Object.keys(API_ANSWERS).map((key) => {
  const [method = '', path = ''] = key.split(' ');
  const source = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return { key: key as ApiRouteKey, method, pattern: new RegExp(`^${source}$`) };
});

/** The route a request reaches, as Hono picks it: the first of that method whose pattern matches the path. */
export function apiRouteOf(method: string, path: string): ApiRouteKey | undefined {
  const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return patterns.find((p) => p.method === wanted && p.pattern.test(path))?.key;
}

/**
 * The schema an answer of `status` from `route` must fit: the route's own for a status it declares (or any other
 * 2xx), the DESIGN §5 error shape for any other 4xx/5xx; undefined where the answer is not JSON or not judged (3xx).
 */
export function apiAnswerSchema(route: ApiRouteKey, status: number): z.ZodType | undefined {
  const answer: ApiAnswer = API_ANSWERS[route];
  if ((answer.statuses ?? [200]).includes(status)) return answer.schema ?? undefined;
  if (status >= 400) return ZErrorBody;
  if (status >= 200 && status < 300) return answer.schema ?? undefined;
  return undefined;
}
