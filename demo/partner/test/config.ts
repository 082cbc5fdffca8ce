/** The partner backend's configuration in its tests: nothing listens at these origins (each test supplies the service). */
import type { PartnerConfig } from '../config.js';

export const TEST_CONFIG: PartnerConfig = {
  port: 0,
  partnerUrl: 'http://partner.test',
  flowOrigin: 'http://flow.test',
  sandboxUrl: 'http://sandbox.test',
  appToken: 'sandbox_app_secret_for_tests',
};
