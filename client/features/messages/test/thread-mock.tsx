// A stand-in for ConversationThread (T's) in the list/page/modal tests:
//   vi.mock('./conversation-thread.tsx', () => import('../test/thread-mock.tsx'));
import type { ConversationThreadProps } from '../components/conversation-thread.tsx';

export function ConversationThread({ conversation, variant, onBack }: ConversationThreadProps) {
  return (
    <section
      aria-label="Conversation"
      data-testid="thread"
      data-conversation-id={conversation.id}
      data-variant={variant}
    >
      {onBack && (
        <button type="button" onClick={onBack}>
          Back to conversations
        </button>
      )}
      <textarea aria-label="Message" />
    </section>
  );
}
