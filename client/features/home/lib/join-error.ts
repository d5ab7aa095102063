// Join failures → toast copy, by the message's content (spec 000 §8; DECISIONS §4-5).
import { serverMessage } from '../../../lib/authUtils.ts';
import { errorLimit, isPlanUpgradeRequired } from './plan-limit-error.ts';

export interface ToastCopy {
  title: string;
  description: string;
}

export const JOIN_FALLBACK: ToastCopy = {
  title: 'Error',
  description: 'Failed to join threadline. Please check the code and try again.',
};

export function memberLimitCopy(limit: number | undefined, message = 'Member limit reached'): ToastCopy {
  const reason = message.replace(/\.$/, '');
  return {
    title: 'Member Limit Reached',
    description:
      limit === undefined
        ? `${reason}. This threadline cannot take new members until its owner upgrades their plan.`
        : `${reason}. This threadline's plan allows up to ${limit} members; ask its owner to upgrade.`,
  };
}

export function joinErrorCopy(error: unknown): ToastCopy {
  const message = serverMessage(error) ?? (error instanceof Error ? error.message : '');
  const text = message.toLowerCase();
  if (text.includes('member limit') || isPlanUpgradeRequired(error)) {
    return memberLimitCopy(errorLimit(error), serverMessage(error));
  }
  if (text.includes('not found') || text.includes('deleted')) {
    return {
      title: 'Threadline Not Available',
      description: 'This threadline no longer exists or has been deleted by its owner.',
    };
  }
  if (text.includes('archived')) {
    return {
      title: 'Threadline Archived',
      description: 'This threadline has been archived and is not accepting new members.',
    };
  }
  if (text.includes('rejected')) {
    return {
      title: 'Join Request Rejected',
      description: 'Your request to join this threadline was rejected.',
    };
  }
  return JOIN_FALLBACK;
}
