import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { APPEAL_MONTHS, appealRequestSchema, type AppealRequest, type Notice } from '#shared/moderation';
import { Badge } from '#client/components/Badge';
import { Button } from '#client/components/Button';
import { EmptyState } from '#client/components/EmptyState';
import { FormError, FormField, Textarea } from '#client/components/FormField';
import { Modal } from '#client/components/Modal';
import { PageHeader } from '#client/components/PageHeader';
import { Spinner } from '#client/components/Spinner';
import { useFileAppeal, useStanding } from './api/moderation';
import { RestrictionNotice } from './RestrictionNotice';

const day = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** What moderators decided about the signed-in account, and its appeals. */
export function AccountStanding() {
  const standing = useStanding();
  const [appealing, setAppealing] = useState<Notice | null>(null);
  if (standing.isPending) return <Spinner label="Loading" className="mx-auto my-16 text-brand-600" />;
  if (standing.isError) return <EmptyState tone="error" title="Could not load" description={standing.error.message} />;
  const { notices } = standing.data;
  return (
    <>
      <PageHeader
        title="Account standing"
        description={`What moderators decided about your account and listings. You can appeal each decision once, within ${APPEAL_MONTHS} months.`}
      />
      <RestrictionNotice />
      {notices.length === 0 ? (
        <EmptyState title="All good" description="No moderator has acted on your account." />
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {notices.map((notice) => (
            <li key={notice._id} className="rounded-card border border-ink-200 bg-white p-4 shadow-card sm:p-5">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{notice.actionLabel}</span>
                {notice.subjectTitle && <span className="text-ink-600">· {notice.subjectTitle}</span>}
                {notice.appeal && (
                  <Badge
                    tone={
                      notice.appeal.status === 'reversed'
                        ? 'success'
                        : notice.appeal.status === 'upheld'
                          ? 'danger'
                          : 'warning'
                    }
                  >
                    Appeal {notice.appeal.status}
                  </Badge>
                )}
              </p>
              <p className="mt-1 text-sm text-ink-700">
                Reason: {notice.reasonLabel}
                {notice.note && ` (${notice.note})`}
              </p>
              <p className="mt-1 text-sm text-ink-500">
                {day(notice.at)}
                {notice.until && ` · until ${day(notice.until)}`}
              </p>
              {notice.appeal?.decisionReason && (
                <p className="mt-1 text-sm text-ink-700">Decision: {notice.appeal.decisionReason}</p>
              )}
              {notice.appealable && (
                <Button size="sm" variant="secondary" className="mt-3" onClick={() => setAppealing(notice)}>
                  Appeal
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={appealing !== null}
        onClose={() => setAppealing(null)}
        title="Appeal this decision"
        description={appealing ? `${appealing.actionLabel}: ${appealing.reasonLabel}` : undefined}
      >
        {appealing && <AppealForm logId={appealing._id} onDone={() => setAppealing(null)} />}
      </Modal>
    </>
  );
}

function AppealForm({ logId, onDone }: { logId: string; onDone: () => void }) {
  const file = useFileAppeal();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AppealRequest>({ resolver: zodResolver(appealRequestSchema), defaultValues: { logId, text: '' } });
  const submit = (request: AppealRequest) =>
    file.mutate(request, {
      onSuccess: () => {
        toast.success('Appeal sent. A moderator will decide and tell you.');
        onDone();
      },
      onError: (error) => toast.error(error.message),
    });
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      <FormField label="Why is the decision wrong?" error={errors.text?.message}>
        <Textarea rows={4} maxLength={2050} {...register('text')} />
      </FormField>
      <FormError message={file.error?.message} />
      <Button type="submit" loading={file.isPending} className="sm:self-end">
        Send appeal
      </Button>
    </form>
  );
}
