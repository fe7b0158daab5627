import { InputField } from '#client/components/InputField';
import { KindSwitches } from '#client/components/KindSwitches';
import { useState } from 'react';
import { toast } from '#client/components/toast';
import { Link, useNavigate } from 'react-router';
import { changePasswordRequestSchema } from '#shared/account';
import { updateAccountRequestSchema } from '#shared/auth';
import { useQueryClient } from '@tanstack/react-query';
import type { SignedInDevice } from '#shared/account';
import {
  changePassword,
  deleteAccount,
  signOutOthers,
  useMailSettings,
  useSignedInDevices,
  useSignOutDevice,
  useUpdateMailSettings,
} from './api/account';
import { queryKeys } from '#client/api/queryKeys';
import { MessageBadge } from '#client/components/Badge';
import { updateAccount } from './api/auth';
import { profilePhotoToSend } from '#client/api/uploads';
import { helpLinks } from '#client/help/helpLinks';
import { ProfilePhotoField } from './ProfilePhotoField';
import { useBlocked, useUnblock } from '#client/chat/api/chat';
import { ApiError } from '#client/api/http';
import { useAuth } from './AuthProvider';
import { Button } from '#client/components/Button';
import { FormField, Input } from '#client/components/FormField';
import { PageHeader } from '#client/components/PageHeader';
import { QueryContent } from '#client/components/QueryContent';
import { SettingsCard } from '#client/components/SettingsCard';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { useMessageCall } from './useMessageCall';
import { paths } from '#shared/paths';
import { PushSettingsCard } from '#client/app/PushSettingsCard';
import { LanguageCard } from '#client/i18n/LanguageCard';
import { Msg, useFormat, useLocale, useT } from '#client/i18n';

function ProfileCard() {
  const { user, refresh } = useAuth();
  const t = useT();
  const [photo, setPhoto] = useState<File | null>(null);
  // The photo field starts empty: the account's photo shows beside it and stays unless another is given.
  const form = useSchemaForm(updateAccountRequestSchema, { displayName: user?.displayName ?? '', photoURL: '' });
  const submit = form.submitWith(async ({ displayName, photoURL }) => {
    await updateAccount({ displayName, photoURL: await profilePhotoToSend(photo, photoURL) });
    await refresh();
    setPhoto(null);
    form.reset({ displayName, photoURL: '' });
    toast.success(t('accounts.settings.profile.saved'));
  });
  return (
    <SettingsCard texts="accounts.settings.profile" id="profile-settings">
      <SchemaFormBody onSubmit={submit} form={form} submitText={t('accounts.settings.profile.submit')}>
        <InputField form={form} name="displayName" label={t('accounts.auth.name')} autoComplete="name" />
        <ProfilePhotoField
          form={form}
          nameField="displayName"
          file={photo}
          onFile={setPhoto}
          current={user?.photoURL}
        />
      </SchemaFormBody>
    </SettingsCard>
  );
}

function HelpCard() {
  const t = useT();
  const { localePath } = useLocale();
  return (
    <SettingsCard texts="accounts.settings.help" id="help-settings">
      <ul className="space-y-2 text-sm">
        {helpLinks.map(({ to, labelId, aboutId }) => (
          <li key={to}>
            <Link to={localePath(to)} className="font-medium text-brand-700 hover:underline">
              <Msg id={labelId} />
            </Link>
            <span className="text-ink-600">
              <Msg id="accounts.settings.help.about" values={{ about: t(aboutId) }} />
            </span>
          </li>
        ))}
      </ul>
    </SettingsCard>
  );
}

function PasswordCard() {
  const form = useSchemaForm(changePasswordRequestSchema, { currentPassword: '', newPassword: '' });
  const t = useT();
  const submit = form.submitWith(async (request) => {
    toast.success((await changePassword(request)).message);
    form.reset();
  });
  return (
    <SettingsCard texts="accounts.settings.password" id="password-settings">
      <SchemaFormBody onSubmit={submit} form={form} submitText={t('accounts.settings.password.title')}>
        <InputField
          form={form}
          name="currentPassword"
          texts="accounts.settings.password.current"
          autoComplete="current-password"
        />
        <InputField form={form} name="newPassword" texts="accounts.settings.password.new" autoComplete="new-password" />
      </SchemaFormBody>
    </SettingsCard>
  );
}

function DeviceRow({ device, onSignOut, busy }: { device: SignedInDevice; onSignOut: () => void; busy: boolean }) {
  const t = useT();
  const format = useFormat();
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0 flex-1">
        {/* The browser and network are named by the server, in the reader's language: not catalog text here. */}
        <p className="flex flex-wrap items-center gap-2 font-medium text-ink-900">
          <span translate="no">{device.browser}</span>
          {device.current && <MessageBadge tone="brand" message="accounts.settings.devices.thisDevice" />}
        </p>
        <p className="text-sm break-words text-ink-600" translate="no">
          {device.place}
        </p>
        <p className="text-xs text-ink-500">
          <Msg
            id="accounts.settings.devices.lastUsed"
            values={{
              when: format.relative(device.lastUsedAt),
              time: (chunks) => <time dateTime={device.lastUsedAt}>{chunks}</time>,
            }}
          />
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="shrink-0"
        loading={busy}
        onClick={onSignOut}
        aria-label={t('accounts.settings.devices.signOutLabel', {
          browser: device.browser,
          place: device.place,
          current: device.current ? 'yes' : 'no',
        })}
      >
        <Msg id="accounts.settings.devices.signOut" />
      </Button>
    </li>
  );
}

function SessionsCard() {
  const { logout } = useAuth();
  const queryClient = useQueryClient();
  const devices = useSignedInDevices();
  const signOut = useSignOutDevice();
  const endOthers = useMessageCall(signOutOthers);
  const t = useT();

  function signOutDevice(device: SignedInDevice) {
    if (device.current) return void logout();
    signOut.mutate(device.id, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <SettingsCard texts="accounts.settings.devices" id="session-settings">
      <p className="mb-2 text-sm text-ink-600">
        <Msg id="accounts.settings.devices.lead" />
      </p>
      <QueryContent query={devices}>
        {({ devices: list, total }) => (
          <>
            <ul aria-label={t('accounts.settings.devices.list')} className="mb-4 divide-y divide-ink-100">
              {list.map((device) => (
                <DeviceRow
                  key={device.id}
                  device={device}
                  busy={signOut.isPending && signOut.variables === device.id}
                  onSignOut={() => signOutDevice(device)}
                />
              ))}
            </ul>
            {total > list.length && (
              <p className="mb-4 text-sm text-ink-600">
                <Msg id="accounts.settings.devices.more" values={{ count: total - list.length }} />
              </p>
            )}
          </>
        )}
      </QueryContent>
      <Button
        variant="secondary"
        loading={endOthers.isPending}
        onClick={() =>
          endOthers.mutate(undefined, {
            onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.signedInDevices }),
          })
        }
      >
        <Msg id="accounts.settings.devices.signOutOthers" />
      </Button>
    </SettingsCard>
  );
}

function MailCard() {
  const settings = useMailSettings();
  const update = useUpdateMailSettings();
  return (
    <SettingsCard texts="accounts.settings.mail" id="mail-settings">
      <QueryContent query={settings}>
        {({ kinds }) => (
          <KindSwitches
            legend="accounts.settings.mail.legend"
            kinds={kinds.map(({ kind, email }) => ({ kind, on: email }))}
            label={(kind) => `shared.account.mailKind.${kind}`}
            update={update}
          />
        )}
      </QueryContent>
    </SettingsCard>
  );
}

function DeleteCard() {
  const { user, refresh } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();
  if (!user) return null;
  const withGoogleOnly = user.providerData.every((p) => p.providerId === 'google.com');

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      toast.success((await deleteAccount({ password })).message);
      await refresh().catch(() => null);
      await navigate(paths.home, { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.fields.password ?? failure.message) : t('accounts.tryAgain'));
      setBusy(false);
    }
  }

  return (
    <SettingsCard texts="accounts.settings.delete" id="delete-account">
      <p className="mb-4 text-sm text-ink-600">
        <Msg id="accounts.settings.delete.lead" />
      </p>
      <div className="space-y-4">
        <FormField
          label={t(withGoogleOnly ? 'accounts.settings.delete.typeEmail' : 'accounts.settings.delete.password')}
          error={error ?? undefined}
        >
          <Input
            type={withGoogleOnly ? 'email' : 'password'}
            autoComplete={withGoogleOnly ? 'email' : 'current-password'}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </FormField>
        <Button variant="danger" loading={busy} disabled={!password} onClick={() => void remove()}>
          <Msg id="accounts.settings.delete.submit" />
        </Button>
      </div>
    </SettingsCard>
  );
}

function BlockedCard() {
  const blocked = useBlocked();
  const unblock = useUnblock();
  const t = useT();
  return (
    <SettingsCard texts="accounts.settings.blocked" id="blocked-people">
      <QueryContent query={blocked} loading={t('accounts.settings.blocked.loading')}>
        {(people) =>
          people.length === 0 ? (
            <p className="text-sm text-ink-500">
              <Msg id="accounts.settings.blocked.none" />
            </p>
          ) : (
            <ul className="flex flex-col gap-2">
              {people.map((person) => (
                <li key={person._id} className="flex items-center justify-between gap-3 text-sm">
                  <span className="font-medium text-ink-800" translate="no">
                    {person.name}
                  </span>
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={unblock.isPending && unblock.variables === person._id}
                    onClick={() =>
                      unblock.mutate(person._id, {
                        onSuccess: () => toast.success(t('accounts.settings.blocked.unblocked', { name: person.name })),
                        onError: (failure) => toast.error(failure.message),
                      })
                    }
                  >
                    <Msg
                      id="accounts.settings.blocked.unblock"
                      values={{ name: person.name, sr: (chunks) => <span className="sr-only">{chunks}</span> }}
                    />
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryContent>
    </SettingsCard>
  );
}

/** Account settings, for every role (docs/accounts.md). */
export function AccountSettings() {
  const { user } = useAuth();
  const t = useT();
  return (
    <>
      <PageHeader
        title={t('accounts.settings.title')}
        description={user?.email && <span translate="no">{user.email}</span>}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileCard />
        <PasswordCard />
        <MailCard />
        <PushSettingsCard />
        <LanguageCard />
        <SessionsCard />
        <HelpCard />
        <BlockedCard />
        {user?.email && <DeleteCard />}
      </div>
    </>
  );
}
