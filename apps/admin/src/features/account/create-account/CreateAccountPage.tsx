import {
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  Link,
  Text,
  TextField,
} from '@shopify/polaris';
import { useLocation } from 'react-router-dom';
import { PageShell } from '../../../app/shell/PageShell';
import { PRIVACY_URL, TERMS_URL } from '../account-links';
import { accountPaths } from '../account-paths';
import { useCreateAccount } from '../use-create-account';

/** /account/create and /popclips/account/create (spec 01 §2.10). */
export function CreateAccountPage() {
  const { pathname } = useLocation();
  const form = useCreateAccount(accountPaths(pathname).verify);
  const { values, errors, change } = form;

  return (
    <PageShell
      title="Create Account"
      subtitle="We'll text a 6-digit code to your phone to verify it."
    >
      <Card>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit();
          }}
        >
          <BlockStack gap="400">
            <FormLayout>
              {form.storeAccountExists ? null : (
                <TextField
                  label="Email"
                  type="email"
                  autoComplete="email"
                  value={values.email}
                  onChange={(value) => change('email', value)}
                  error={errors.email}
                />
              )}
              <FormLayout.Group condensed>
                <TextField
                  label="Country code"
                  autoComplete="tel-country-code"
                  inputMode="tel"
                  value={values.countryCode}
                  onChange={(value) => change('countryCode', value)}
                  error={Boolean(errors.phoneNumber)}
                />
                <TextField
                  label="Phone number"
                  type="tel"
                  autoComplete="tel-national"
                  value={values.phoneNumber}
                  onChange={(value) => change('phoneNumber', value)}
                  error={errors.phoneNumber}
                />
              </FormLayout.Group>
              <Checkbox
                label={
                  <Text as="span">
                    I accept the{' '}
                    <Link url={TERMS_URL} target="_blank">
                      Terms of Service
                    </Link>{' '}
                    and{' '}
                    <Link url={PRIVACY_URL} target="_blank">
                      Privacy Policy
                    </Link>
                  </Text>
                }
                checked={values.termsAccepted}
                onChange={(checked) => change('termsAccepted', checked)}
                error={errors.termsAccepted}
              />
            </FormLayout>
            <div>
              <Button variant="primary" submit loading={form.submitting}>
                Create Account
              </Button>
            </div>
          </BlockStack>
        </form>
      </Card>
    </PageShell>
  );
}
