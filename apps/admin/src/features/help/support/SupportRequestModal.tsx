import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_SUBJECT_MAX,
  type SupportRequestBody,
  supportRequestBodySchema,
} from '@popstage/core/help';
import { FormLayout, Modal, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useHost } from '../../../app/host/HostContext';
import { useApi } from '../../../lib/api/ApiContext';
import { ApiError } from '../../../lib/api/errors';
import { sendSupportRequest } from '../data';
import { SUPPORT_MESSAGES } from './support-messages';

type Errors = Partial<Record<keyof SupportRequestBody, string>>;

interface Props {
  open: boolean;
  /** The store account's e-mail (spec 01 §6: the widget belongs to that account). */
  email: string;
  onClose(): void;
}

/** The sandbox stand-in for the support widget: a request form stored by the server. */
export function SupportRequestModal({ open, email, onClose }: Props) {
  const api = useApi();
  const host = useHost();
  const [values, setValues] = useState<SupportRequestBody>({ subject: '', message: '', email });
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  const change = (key: keyof SupportRequestBody) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const send = async () => {
    const parsed = supportRequestBodySchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof SupportRequestBody;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setSending(true);
    try {
      await sendSupportRequest(api, parsed.data);
      host.showToast(SUPPORT_MESSAGES.sent);
      setValues({ subject: '', message: '', email: parsed.data.email });
      onClose();
    } catch (error) {
      const refused = error instanceof ApiError && error.status === 400;
      host.showToast(refused ? error.message : SUPPORT_MESSAGES.sendFailed, { error: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={SUPPORT_MESSAGES.title}
      primaryAction={{ content: 'Send', onAction: () => void send(), loading: sending }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose, disabled: sending }]}
    >
      <Modal.Section>
        <FormLayout>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={change('email')}
            error={errors.email}
          />
          <TextField
            label="Subject"
            autoComplete="off"
            value={values.subject}
            onChange={change('subject')}
            error={errors.subject}
            maxLength={SUPPORT_SUBJECT_MAX}
          />
          <TextField
            label="Message"
            autoComplete="off"
            multiline={6}
            value={values.message}
            onChange={change('message')}
            error={errors.message}
            maxLength={SUPPORT_MESSAGE_MAX}
          />
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}
