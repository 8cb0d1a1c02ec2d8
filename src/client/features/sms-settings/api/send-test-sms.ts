import { useMutation } from '@tanstack/react-query';
import type { TestSms, TestSmsSent } from '../../../../shared/sms/sms-settings-input.ts';
import { apiSend } from '../../../lib/api.ts';

/** Sends a test SMS at once with the saved settings; a 502 carries txt.co.zw's reason. */
export const useSendTestSms = () =>
  useMutation({
    mutationFn: (input: TestSms) => apiSend<TestSmsSent>('/api/admin/sms/test', 'POST', input),
  });
