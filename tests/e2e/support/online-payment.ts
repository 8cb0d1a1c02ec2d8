import { type APIRequestContext, expect } from '@playwright/test';
import type { OnlinePaymentMethod } from '../../../src/shared/payments/online-payment-settings.ts';
import { FAKE_INTEGRATION } from '../../support/fake-paynow-server.ts';

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
