import type {
  AccountStatusBody,
  AdminUser,
  ChangeRoleBody,
  CreateInvitationBody,
  CreatedInvitation,
  CreateUserBody,
  Invitation,
  StreamingLimitBody,
} from '../accounts';
import type { AdminStats } from '../admin';
import type { MessageResponse, SuccessResponse } from '../envelope';
import type { LibraryStatus, LibraryUploadResult } from '../library';
import type { PageQuery, PageResponse } from '../paging';
import type { SeedUsersBody, SeedUsersResponse } from '../seed';
import type { SiteSettings, SiteSettingsPatch } from '../site-settings';
import type { ContactMessage, FeedbackEntry } from '../support';
import { defineRoute, type Multipart } from '../route';

/** The administrator's accounts and invitations (docs/product.md §10). */
export const adminUserApi = {
  list: defineRoute<{ query: PageQuery; response: PageResponse<AdminUser> }>()(
    'GET',
    '/api/admin/users',
  ),
  create: defineRoute<{ body: CreateUserBody; response: SuccessResponse<AdminUser> }>()(
    'POST',
    '/api/admin/users',
  ),
  changeRole: defineRoute<{ body: ChangeRoleBody; response: SuccessResponse<AdminUser> }>()(
    'PUT',
    '/api/admin/users/:id/role',
  ),
  changeStatus: defineRoute<{ body: AccountStatusBody; response: SuccessResponse<AdminUser> }>()(
    'PUT',
    '/api/admin/users/:id/status',
  ),
  changeStreamingLimit: defineRoute<{
    body: StreamingLimitBody;
    response: SuccessResponse<AdminUser>;
  }>()('PUT', '/api/admin/users/:id/streaming-limit'),
  sendPasswordReset: defineRoute<{ response: MessageResponse }>()(
    'POST',
    '/api/admin/users/:id/password-reset',
  ),
  remove: defineRoute<{ response: MessageResponse }>()('DELETE', '/api/admin/users/:id'),
  invitations: defineRoute<{ response: SuccessResponse<Invitation[]> }>()(
    'GET',
    '/api/admin/invitations',
  ),
  invite: defineRoute<{
    body: CreateInvitationBody;
    response: SuccessResponse<CreatedInvitation>;
  }>()('POST', '/api/admin/invitations'),
  revokeInvitation: defineRoute<{ response: MessageResponse }>()(
    'DELETE',
    '/api/admin/invitations/:id',
  ),
} as const;

/** The music folders' scan and the files an administrator uploads into them. */
export const libraryApi = {
  scan: defineRoute<{ response: SuccessResponse<LibraryStatus> }>()(
    'GET',
    '/api/admin/library/scan',
  ),
  startScan: defineRoute<{ response: SuccessResponse<LibraryStatus> }>()(
    'POST',
    '/api/admin/library/scan',
  ),
  upload: defineRoute<{ body: Multipart; response: SuccessResponse<LibraryUploadResult> }>()(
    'POST',
    '/api/admin/library/uploads',
  ),
} as const;

/** The rest of the admin screen: figures, site settings, the support inbox, test accounts. */
export const adminApi = {
  stats: defineRoute<{ response: SuccessResponse<AdminStats> }>()('GET', '/api/admin/stats'),
  settings: defineRoute<{ response: SuccessResponse<SiteSettings> }>()(
    'GET',
    '/api/admin/settings',
  ),
  updateSettings: defineRoute<{
    body: SiteSettingsPatch;
    response: SuccessResponse<SiteSettings>;
  }>()('PATCH', '/api/admin/settings'),
  contactMessages: defineRoute<{ query: PageQuery; response: PageResponse<ContactMessage> }>()(
    'GET',
    '/api/admin/messages',
  ),
  feedback: defineRoute<{ query: PageQuery; response: PageResponse<FeedbackEntry> }>()(
    'GET',
    '/api/admin/feedback',
  ),
  seedUsers: defineRoute<{ body: SeedUsersBody; response: SeedUsersResponse }>()(
    'POST',
    '/api/general/seed/users',
  ),
} as const;
