import { useState } from 'react';
import { toast } from '#client/components/toast';
import { useRowAction } from '#client/components/rowAction';
import { useMoveBooking, type BookingMove, type MoveVariables } from './api/deal';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';

/** A decline or a cancellation, asked about in the reason dialog before it is made. */
export type ReasonAsked = ReasonRequest & { id: string; move: 'decline' | 'cancel' };

/** Asks before a move; a sale's question also sets the final price on the move. */
export type Ask = (sale: { finalPrice?: number }) => Promise<boolean>;

/** Which row's which button a running move belongs to. */
const busyKey = (id: string, move: BookingMove) => `${move} ${id}`;

/**
 * The booking moves of a deal table (the seller's requests, the buyer's orders), each run from its
 * row: `doneText` is the toast once a move is made. A decline or a cancellation is asked first in
 * `reasonDialog` (the page shows it), which closes once the move is made.
 */
export function useBookingMoves(doneText: (move: BookingMove) => string) {
  const [asking, setAsking] = useState<ReasonAsked | null>(null);
  const moves = useRowAction(useMoveBooking(), {
    onDone: (_result, { move }) => {
      setAsking(null);
      toast.success(doneText(move));
    },
    rowOf: ({ id, move }) => busyKey(id, move),
  });
  const run = (id: string, move: BookingMove, reason?: string, ask?: Ask) => {
    // A sale's dialog fills in the final price the seller confirms before the call is made.
    const variables: MoveVariables = { id, move, reason };
    moves.run(variables, ask && (() => ask(variables)));
  };
  const busyWith = (id: string, move: BookingMove) => moves.runningFor(busyKey(id, move));
  const reasonDialog = (
    <ReasonDialog
      request={asking}
      busy={asking !== null && busyWith(asking.id, asking.move)}
      onClose={() => setAsking(null)}
      onConfirm={(reason) => asking && run(asking.id, asking.move, reason)}
    />
  );
  return { run, busyWith, askReason: setAsking, reasonDialog };
}
