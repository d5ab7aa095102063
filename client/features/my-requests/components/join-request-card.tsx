// One of my join requests (spec 000 §2 My Join Requests).
import { ArrowRight } from 'lucide-react';
import { useLocation } from 'wouter';
import type { MyJoinRequest } from '../../../../common/schemas/timeline.ts';
import { RequestStatusBadge, TimelineStateBadge } from '../../../components/status-badges.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { canRetract, canView, processedText, requestedText, threadlineState } from '../lib/request-view.ts';
import { RetractRequestDialog } from './retract-request-dialog.tsx';

export function JoinRequestCard({ request }: { request: MyJoinRequest }) {
  const [, navigate] = useLocation();
  const state = threadlineState(request.timeline);
  const processed = processedText(request);
  return (
    <Card>
      <CardHeader className="gap-2 pb-3 sm:pb-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="min-w-0 wrap-anywhere text-lg font-semibold leading-tight">
            {request.timeline.name}
          </h2>
          <div className="flex flex-wrap gap-1.5">
            <TimelineStateBadge state={state} label="Threadline: " />
            <RequestStatusBadge status={request.status} label="Request: " />
          </div>
        </div>
        {request.timeline.description && (
          <p className="wrap-anywhere text-sm text-muted-foreground">{request.timeline.description}</p>
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
        {request.message && (
          <div className="rounded-lg bg-muted p-3 text-sm">
            <p className="font-medium">Your message:</p>
            <p className="mt-1 whitespace-pre-wrap wrap-anywhere">{request.message}</p>
          </div>
        )}
        {request.responseMessage && (
          <div className="rounded-lg border border-border p-3 text-sm">
            <p className="font-medium">Response from threadline owner:</p>
            <p className="mt-1 whitespace-pre-wrap wrap-anywhere">{request.responseMessage}</p>
          </div>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
            <time dateTime={request.createdAt}>{requestedText(request)}</time>
            {processed && request.processedAt && <time dateTime={request.processedAt}>{processed}</time>}
          </p>
          <div className="flex gap-2">
            {canView(request) && (
              <Button size="sm" onClick={() => navigate(`/timeline/${request.timelineId}`)}>
                View
                <span className="sr-only"> {request.timeline.name}</span>
                <ArrowRight aria-hidden="true" />
              </Button>
            )}
            {canRetract(request) && (
              <RetractRequestDialog requestId={request.id} threadlineName={request.timeline.name} />
            )}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
