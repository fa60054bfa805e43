// The support chat float ball (spec §1) and its 400 × 500 dialog: the configured chat address
// embedded, or, when none is configured, the business-support contact and a message form.
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Affix, Anchor, Button, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Limits } from '../../../contract/limits';
import { publicConfigQuery } from '../../api/publicConfig';
import { BODY_ZOOM_STYLE } from '../../shell/rootFont';
import { sendSupportMessage } from '../../api/supportMessages';
import { toasts } from '../../shell/toast/toastStore';
import { LazyModal as Modal } from '../../AppModal';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function MessageForm({ defaultEmail, onSent }: { defaultEmail: string; onSent: () => void }) {
  const { t } = useLingui();
  const [sending, setSending] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: defaultEmail, message: '' },
    validate: {
      email: (v) =>
        !v.trim() ? t`Please enter email` : EMAIL.test(v.trim()) ? null : t`Email format is wrong`,
      message: (v) => (v.trim() ? null : t`Please enter a message`),
    },
  });
  return (
    <form
      onSubmit={form.onSubmit(async (values) => {
        setSending(true);
        const sent = await sendSupportMessage({
          email: values.email.trim(),
          message: values.message.trim(),
        }).finally(() => setSending(false));
        if (sent) {
          toasts.show(t`Message sent. Business support will answer by email.`, 'success');
          onSent();
        }
      })}
    >
      <Stack gap="sm">
        <TextInput label={t`Your email`} key={form.key('email')} {...form.getInputProps('email')} />
        <Textarea
          label={t`Message`}
          minRows={5}
          key={form.key('message')}
          {...form.getInputProps('message')}
        />
        <Button type="submit" loading={sending}>
          <Trans>Send</Trans>
        </Button>
      </Stack>
    </form>
  );
}

export function SupportChat({ userEmail }: { userEmail: string }) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const config = useQuery({ ...publicConfigQuery, enabled: opened });
  const { width, height } = Limits.chatDialog;

  return (
    <>
      <Affix position={{ bottom: 24, right: 24 }} zIndex={200}>
        <ActionIcon size={56} radius="xl" aria-label={t`Support chat`} onClick={() => setOpened(true)}>
          <svg width="28" height="28" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
            <path d="M4 4h16v11H7l-3 3z" />
          </svg>
        </ActionIcon>
      </Affix>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t`Support chat`}
        size={width}
        padding="sm"
      >
        {/* The dialog is sized in rem; this px-sized content (and the third-party chat inside) follows
            the root font scaling through the body zoom factor (rootFont.ts, spec §1). */}
        <div style={{ height: height - 60, overflow: 'auto', ...BODY_ZOOM_STYLE }}>
          {config.isPending ? (
            <Text>
              <Trans>Loading…</Trans>
            </Text>
          ) : config.data?.supportChatUrl ? (
            <iframe
              title={t`Support chat`}
              src={config.data.supportChatUrl}
              style={{ border: 0, width: '100%', height: '100%' }}
            />
          ) : (
            <Stack gap="sm">
              <Text>
                <Trans>Business support</Trans>
                {config.data?.supportEmail ? (
                  <>
                    {': '}
                    <Anchor href={`mailto:${config.data.supportEmail}`}>{config.data.supportEmail}</Anchor>
                  </>
                ) : null}
              </Text>
              <MessageForm defaultEmail={userEmail} onSent={() => setOpened(false)} />
            </Stack>
          )}
        </div>
      </Modal>
    </>
  );
}
