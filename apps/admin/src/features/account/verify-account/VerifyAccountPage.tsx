import { OTP_LENGTH, sanitiseCodeInput } from '@popstage/core/account';
import { BlockStack, Button, Card, InlineStack, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { PageShell } from '../../../app/shell/PageShell';
import { AccountCreatedCheckmark } from '../AccountCreatedCheckmark';
import { accountPaths } from '../account-paths';
import { clearPendingVerification, readPendingVerification } from '../otp-session';
import { ResendCodeButton } from '../ResendCodeButton';
import { useVerifyFlow } from '../use-verify-flow';

/** /account/verify and /popclips/account/verify (spec 01 §2.10). */
export function VerifyAccountPage() {
  const { pathname } = useLocation();
  const paths = accountPaths(pathname);
  // Read once: a reload finds the code sent from the create page in sessionStorage.
  const [pending] = useState(readPendingVerification);
  if (!pending) return <Navigate to={paths.create} replace />;
  return (
    <PageShell title="Verify Account">
      <VerifyCard pending={pending} createPath={paths.create} />
    </PageShell>
  );
}

function VerifyCard({
  pending: initial,
  createPath,
}: {
  pending: NonNullable<ReturnType<typeof readPendingVerification>>;
  createPath: string;
}) {
  const navigate = useNavigate();
  const flow = useVerifyFlow(initial, createPath);
  const [code, setCode] = useState('');

  if (flow.phase === 'created') return <AccountCreatedCheckmark />;

  const busy = flow.phase === 'verifying' || flow.phase === 'creating';
  // A spent code leaves the field: the next one comes from Resend code.
  const verify = async (value: string) => {
    if ((await flow.verify(value)) === 'spent') setCode('');
  };
  const onChange = (value: string) => {
    const next = sanitiseCodeInput(value);
    setCode(next);
    flow.setError(null);
    // Spec 01 §4: verification starts by itself once the sixth digit is in.
    if (next.length === OTP_LENGTH && next !== code) void verify(next);
  };

  return (
    <Card>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (code.length === OTP_LENGTH) void verify(code);
        }}
      >
        <BlockStack gap="400">
          <Text as="p">
            Enter the 6-digit code we sent to <b>{flow.pending.challenge.phone}</b>.
          </Text>
          <TextField
            label="Confirmation code"
            value={code}
            onChange={onChange}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={OTP_LENGTH}
            disabled={busy}
            error={flow.error ?? undefined}
          />
          {flow.phase === 'creating' ? (
            <Text as="p" tone="subdued">
              Creating your account. This can take a few seconds...
            </Text>
          ) : null}
          <InlineStack gap="300" blockAlign="center">
            <Button
              variant="primary"
              submit
              disabled={code.length < OTP_LENGTH || busy}
              loading={busy}
            >
              Verify
            </Button>
            <ResendCodeButton
              availableAt={flow.pending.challenge.resendAvailableAt}
              disabled={busy || flow.resending}
              onResend={() => void flow.resend()}
            />
            <Button
              variant="plain"
              disabled={busy}
              onClick={() => {
                clearPendingVerification();
                navigate(createPath, { replace: true });
              }}
            >
              Use a different phone number
            </Button>
          </InlineStack>
        </BlockStack>
      </form>
    </Card>
  );
}
