import { z } from 'zod';

/** What FCM needs from a Firebase service-account key file (config checks it at start). */
export const fcmServiceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().includes('PRIVATE KEY'),
});
export type FcmServiceAccount = z.infer<typeof fcmServiceAccountSchema>;
