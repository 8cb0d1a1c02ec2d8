import { PageHeading } from '../../components/ui/page-heading.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Section } from '../../components/ui/section.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { useEvent } from '../../features/events/index.ts';
import { useMessages } from '../../features/messages/api/messages.ts';
import { ComposeMessage } from '../../features/messages/components/compose-message.tsx';
import { MessageList } from '../../features/messages/components/message-list.tsx';

/** /Messages: race-week messages to chosen entrants by mail and SMS, now or at a time, and what became of them. */
export default function MessagesPage() {
  const messages = useMessages();
  const event = useEvent();
  const list = messages.data;
  return (
    <>
      <PageHeading title="Messages">
        <p>
          Tell chosen entrants anything by mail and SMS: the venue, a start time, a delay, a thank-you. Choose
          who, check who it reaches, then send it now or at a time. People who chose not to get mail or texts
          are left out of them. The race pack goes by itself before the race (Event settings, Race pack).
        </p>
      </PageHeading>
      <div className="flex flex-col gap-8">
        {(messages.isPending || event.isPending) && <Loading label="Loading the messages…" />}
        <QueryError query={messages} />
        <QueryError query={event} />
        {list && event.data && (
          <ComposeMessage races={event.data.races} teams={list.teams} textsOn={event.data.smsOn} />
        )}
        <Section title="Sent and scheduled">{list && <MessageList messages={list.messages} />}</Section>
      </div>
    </>
  );
}
