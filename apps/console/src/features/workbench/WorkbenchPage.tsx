import { Alert, Button, Card, Col, Row, Skeleton, Statistic } from 'antd';
import { Link } from 'react-router';
import { ageText } from '../../lib/age';
import { useOpenPages } from '../../lib/open-pages';
import { type Dashboard, type Queue, useDashboard } from './api/dashboard';
import { queuePage } from './queue-pages';
import './workbench.css';

const FIGURES: Array<{ key: keyof Dashboard['figures']; title: string }> = [
  { key: 'registrations', title: '注册申请' },
  { key: 'applications', title: '互助申请' },
  { key: 'payments', title: '缴费' },
  { key: 'claims', title: '补助申请' },
  { key: 'payouts', title: '发放' },
];

const oldestText = (queue: Queue) => (queue.count === 0 || !queue.oldestAt ? '没有等待的事项' : `最早已等待 ${ageText(queue.oldestAt)}`);

/** 工作台: the operator's queues with their counts and the oldest item's wait, each into its page; today's figures. */
export default function WorkbenchPage() {
  const openPages = useOpenPages();
  const dashboard = useDashboard();

  if (dashboard.isError)
    return (
      <Alert
        type="warning"
        showIcon
        title="待办加载失败"
        description={dashboard.error.message}
        action={<Button onClick={() => void dashboard.refetch()}>重新加载</Button>}
      />
    );
  if (!dashboard.data) return <Skeleton active />;
  const { today, queues, figures } = dashboard.data;

  return (
    <section aria-labelledby="workbench-title">
      <h2 id="workbench-title" className="page-title">
        待办事项 <span className="page-title__aside">截至 {today}</span>
      </h2>
      <Row gutter={[16, 16]} data-testid="workbench-queues">
        {queues.map((queue) => {
          const to = queuePage(queue.key, openPages);
          return (
            <Col key={queue.key} xs={24} md={12} xl={8}>
              <Card
                title={queue.label}
                extra={to ? <Link to={to}>进入处理</Link> : <span className="queue-later">暂未开放</span>}
                data-testid={`queue-${queue.key}`}
              >
                <Statistic value={queue.count} suffix="件" />
                <p className="queue-oldest">{oldestText(queue)}</p>
              </Card>
            </Col>
          );
        })}
      </Row>
      <h2 className="page-title workbench-figures-title">今日业务量</h2>
      <Card data-testid="workbench-figures">
        <Row gutter={[16, 16]}>
          {FIGURES.map((figure) => (
            <Col key={figure.key} xs={12} md={8} xl={4}>
              <Statistic title={figure.title} value={figures[figure.key]} />
            </Col>
          ))}
        </Row>
      </Card>
    </section>
  );
}
