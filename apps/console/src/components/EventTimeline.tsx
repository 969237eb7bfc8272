import { Empty, Timeline } from 'antd';
import './components.css';
import { chinaMinute } from '@hall/shared/china-time.ts';

export interface HistoryEvent {
  at: string;
  actorName: string;
  fromLabel: string | null;
  toLabel: string;
  note: string | null;
}

/** A record's history in the order given (a record's: oldest first; an account's: newest first): when, who, from which state to which, and the note. */
export function EventTimeline({ events }: { events: readonly HistoryEvent[] }) {
  if (events.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无办理记录" />;
  return (
    <Timeline
      data-testid="event-timeline"
      items={events.map((event, index) => ({
        key: `${event.at}-${index}`,
        content: (
          <div className="event">
            <div>
              <strong>{event.toLabel}</strong>
              {event.fromLabel ? <span className="event__from">（原：{event.fromLabel}）</span> : null}
            </div>
            <div className="event__meta">
              {chinaMinute(event.at)} · {event.actorName}
            </div>
            {event.note ? <div className="event__note">{event.note}</div> : null}
          </div>
        ),
      }))}
    />
  );
}
