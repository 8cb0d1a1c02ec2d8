import type { FastifyInstance } from 'fastify';
import {
  SmsSettingsInputSchema,
  SmsSettingsSchema,
  TestSmsSchema,
  TestSmsSentSchema,
} from '../../../shared/sms/sms-settings-input.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { SMS_TEST_LIMIT } from '../../http/limits.ts';
import { routeGroup } from '../../http/route-group.ts';
import { saveSmsSettingsOf, sendTestSms, smsSettings } from './service.ts';

/** Text messages through txt.co.zw (issue 35): the admin's settings, and a test message. */
export async function smsSettingsRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: ['admin'], tags: ['event settings'] });

  api.get(
    '/admin/sms',
    {
      schema: {
        summary: 'The text message (SMS) settings; the password only as set or not',
        response: { 200: SmsSettingsSchema },
      },
    },
    async () => smsSettings(context),
  );

  api.put(
    '/admin/sms',
    {
      schema: {
        summary: 'Save the text message settings (an empty password keeps the one set)',
        body: SmsSettingsInputSchema,
        response: { 200: SmsSettingsSchema },
      },
    },
    async (request) => saveSmsSettingsOf(context, request.body, signedInUser(request)),
  );

  api.post(
    '/admin/sms/test',
    {
      config: { rateLimit: SMS_TEST_LIMIT },
      schema: {
        summary:
          'Send a test SMS at once with the saved settings, even while SMS are off (502: the gateway’s reason)',
        body: TestSmsSchema,
        response: { 200: TestSmsSentSchema },
      },
    },
    async (request) => sendTestSms(context, request.body.to, signedInUser(request)),
  );
}
