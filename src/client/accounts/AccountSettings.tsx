import { useState } from 'react';
import toast from 'react-hot-toast';
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
import { Badge } from '#client/components/Badge';
import { formatWhen } from '#client/components/formatWhen';
import { updateAccount } from './api/auth';
import { profilePhotoToSend } from '#client/api/uploads';
import { helpLinks } from '#client/help/helpLinks';
import { ProfilePhotoField } from './ProfilePhotoField';
import { useBlocked, useUnblock } from '#client/chat/api/chat';
import { ApiError } from '#client/api/http';
import { useAuth } from './AuthProvider';
import { Button } from '#client/components/Button';
import { FormError, FormField, Input } from '#client/components/FormField';
import { PageHeader } from '#client/components/PageHeader';
import { Spinner } from '#client/components/Spinner';
import { SchemaFormBody, useSchemaForm } from '#client/components/schemaForm';
import { useMessageCall } from './useMessageCall';
import { paths } from '#shared/paths';
import { PushSettingsCard } from '#client/app/PushSettingsCard';
import { LanguageCard } from '#client/i18n/LanguageCard';

const card = 'rounded-card border border-ink-200 bg-white p-6 shadow-card';

function Card({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ProfileCard() {
  const { user, refresh } = useAuth();
  const [photo, setPhoto] = useState<File | null>(null);
  // The photo field starts empty: the account's photo shows beside it and stays unless another is given.
  const form = useSchemaForm(updateAccountRequestSchema, { displayName: user?.displayName ?? '', photoURL: '' });
  const { errors } = form.formState;
  const submit = form.submitWith(async ({ displayName, photoURL }) => {
    await updateAccount({ displayName, photoURL: await profilePhotoToSend(photo, photoURL) });
    await refresh();
    setPhoto(null);
    form.reset({ displayName, photoURL: '' });
    toast.success('Your profile is saved');
  });
  return (
    <Card title="Name and photo" id="profile-settings">
      <SchemaFormBody onSubmit={submit} form={form} submitText="Save profile">
        <FormField label="Name" error={errors.displayName?.message}>
          <Input autoComplete="name" {...form.register('displayName')} />
        </FormField>
        <ProfilePhotoField
          name={form.watch('displayName')}
          file={photo}
          onFile={setPhoto}
          urlInput={form.register('photoURL')}
          typedUrl={form.watch('photoURL')}
          urlError={errors.photoURL?.message}
          current={user?.photoURL}
        />
      </SchemaFormBody>
    </Card>
  );
}

function HelpCard() {
  return (
    <Card title="Help and policies" id="help-settings">
      <ul className="space-y-2 text-sm">
        {helpLinks.map(({ to, label, about }) => (
          <li key={to}>
            <Link to={to} className="font-medium text-brand-700 hover:underline">
              {label}
            </Link>
            <span className="text-ink-600">: {about}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function PasswordCard() {
  const form = useSchemaForm(changePasswordRequestSchema, { currentPassword: '', newPassword: '' });
  const { errors } = form.formState;
  const submit = form.submitWith(async (request) => {
    toast.success((await changePassword(request)).message);
    form.reset();
  });
  return (
    <Card title="Change password" id="password-settings">
      <SchemaFormBody onSubmit={submit} form={form} submitText="Change password">
        <FormField label="Current password" error={errors.currentPassword?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </FormField>
        <FormField
          label="New password"
          error={errors.newPassword?.message}
          hint="At least 8 characters, and not one of the common ones. Other devices are signed out."
        >
          <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
        </FormField>
      </SchemaFormBody>
    </Card>
  );
}

function DeviceRow({ device, onSignOut, busy }: { device: SignedInDevice; onSignOut: () => void; busy: boolean }) {
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-ink-900">
          {device.browser}
          {device.current && <Badge tone="brand">This device</Badge>}
        </p>
        <p className="text-sm break-words text-ink-600">{device.place}</p>
        <p className="text-xs text-ink-500">
          Last used <time dateTime={device.lastUsedAt}>{formatWhen(device.lastUsedAt)}</time>
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="shrink-0"
        loading={busy}
        onClick={onSignOut}
        aria-label={`Sign out ${device.browser}, ${device.place}${device.current ? ' (this device)' : ''}`}
      >
        Sign out
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

  function signOutDevice(device: SignedInDevice) {
    if (device.current) return void logout();
    signOut.mutate(device.id, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <Card title="Devices" id="session-settings">
      <p className="mb-2 text-sm text-ink-600">
        Where your account is signed in. A device unused for 14 days is signed out by itself; one you do not recognise
        or no longer use, sign out here.
      </p>
      {devices.isPending ? (
        <Spinner />
      ) : devices.isError ? (
        <FormError message={devices.error.message} />
      ) : (
        <>
          <ul aria-label="Signed-in devices" className="mb-4 divide-y divide-ink-100">
            {devices.data.devices.map((device) => (
              <DeviceRow
                key={device.id}
                device={device}
                busy={signOut.isPending && signOut.variables === device.id}
                onSignOut={() => signOutDevice(device)}
              />
            ))}
          </ul>
          {devices.data.total > devices.data.devices.length && (
            <p className="mb-4 text-sm text-ink-600">
              And {devices.data.total - devices.data.devices.length} more used less recently.
            </p>
          )}
        </>
      )}
      <Button
        variant="secondary"
        loading={endOthers.isPending}
        onClick={() =>
          endOthers.mutate(undefined, {
            onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.signedInDevices }),
          })
        }
      >
        Sign out of all other devices
      </Button>
    </Card>
  );
}

function MailCard() {
  const settings = useMailSettings();
  const update = useUpdateMailSettings();
  return (
    <Card title="Email notifications" id="mail-settings">
      {settings.isPending ? (
        <Spinner />
      ) : settings.isError ? (
        <FormError message={settings.error.message} />
      ) : (
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm text-ink-600">Send me a mail when:</legend>
          {settings.data.kinds.map(({ kind, label, email }) => (
            <label key={kind} className="flex items-center gap-3 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={email}
                disabled={update.isPending}
                onChange={(event) =>
                  update.mutate(
                    { kinds: { [kind]: event.target.checked } },
                    { onError: (error) => toast.error(error.message) },
                  )
                }
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
    </Card>
  );
}

function DeleteCard() {
  const { user, refresh } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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
      setError(failure instanceof ApiError ? (failure.fields.password ?? failure.message) : 'Please try again.');
      setBusy(false);
    }
  }

  return (
    <Card title="Delete my account" id="delete-account">
      <p className="mb-4 text-sm text-ink-600">
        Your account, your listings and your photos are deleted for good. Orders stay with the sellers as their history.
      </p>
      <div className="space-y-4">
        <FormField
          label={withGoogleOnly ? 'Type your email address to confirm' : 'Your password'}
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
          Delete my account
        </Button>
      </div>
    </Card>
  );
}

/** Account settings, for every role (docs/accounts.md). */
function BlockedCard() {
  const blocked = useBlocked();
  const unblock = useUnblock();
  return (
    <Card title="Blocked people" id="blocked-people">
      {blocked.isPending ? (
        <Spinner label="Loading blocked people" />
      ) : blocked.isError ? (
        <p className="text-sm text-red-700">{blocked.error.message}</p>
      ) : blocked.data.length === 0 ? (
        <p className="text-sm text-ink-500">You have not blocked anyone.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {blocked.data.map((person) => (
            <li key={person._id} className="flex items-center justify-between gap-3 text-sm">
              <span className="font-medium text-ink-800">{person.name}</span>
              <Button
                size="sm"
                variant="secondary"
                loading={unblock.isPending && unblock.variables === person._id}
                onClick={() =>
                  unblock.mutate(person._id, {
                    onSuccess: () => toast.success(`${person.name} is unblocked`),
                    onError: (failure) => toast.error(failure.message),
                  })
                }
              >
                Unblock<span className="sr-only"> {person.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function AccountSettings() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader title="Account settings" description={user?.email} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileCard />
        <PasswordCard />
        <MailCard />
        <PushSettingsCard className={card} />
        <LanguageCard className={card} />
        <SessionsCard />
        <HelpCard />
        <BlockedCard />
        {user?.email && <DeleteCard />}
      </div>
    </>
  );
}
