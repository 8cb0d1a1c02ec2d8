import { type APIRequestContext, expect } from '@playwright/test';
import type { OnlinePaymentMethod } from '../../../src/shared/payments/online-payment-settings.ts';
import { FAKE_INTEGRATION } from '../../support/fake-paynow-server.ts';
import { query } from './database.ts';

/** Online payment on in USD with the fake Paynow's integration, as the admin's Online payment section saves it. */
export async function turnOnOnlinePayment(adminApi: APIRequestContext, methods: OnlinePaymentMethod[]) {
  const saved = await adminApi.put('/api/admin/online-payment', {
    data: {
      enabled: true,
      integrationId: FAKE_INTEGRATION.integrationId,
      integrationKey: FAKE_INTEGRATION.integrationKey,
      methods,
      currency: 'USD',
    },
  });
  expect(saved.status()).toBe(200);
}

/** Online payment off again (its settings kept), for the journeys after this one. */
export async function turnOffOnlinePayment() {
  await query(
    `update events set online_payment = jsonb_set(online_payment, '{enabled}', 'false') where is_current and online_payment is not null`,
  );
}
