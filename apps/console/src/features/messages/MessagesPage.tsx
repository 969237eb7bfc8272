import { useState } from 'react';
import { Alert, Button, Form, Input, Radio } from 'antd';
import { type UnionChoice, useSendMail, useSendUnionMail } from './api/mail-send';
import { UnionPicker } from './components/UnionPicker';

type Scope = 'one' | 'union';

interface Fields {
  scope: Scope;
  to: string;
  title: string;
  content: string;
}

/** What the last send reached, as the page says it. */
interface Sent {
  who: string;
  title: string;
}

/**
 * 消息: a message in the 站内信 of one unit (its account) or one worker (the ID number), or of a
 * level-1 union and all its units at once (the union's account); the answer names who got it and
 * how many units.
 */
export default function MessagesPage() {
  const [form] = Form.useForm<Fields>();
  const scope = Form.useWatch('scope', form) ?? 'one';
  const one = useSendMail();
  const union = useSendUnionMail();
  const [sent, setSent] = useState<Sent | null>(null);
  const [chosen, setChosen] = useState<UnionChoice | undefined>();

  const send = async ({ scope, to, title, content }: Fields) => {
    if (scope === 'union') {
      const got = await union.mutateAsync({ union: to, title, content });
      return { who: `${got.name}（${got.uact}）及其下属单位，共 ${got.count} 个单位`, title: got.title };
    }
    const got = await one.mutateAsync({ to, title, content });
    return { who: `${got.kind === 'unit' ? '单位' : '职工'}：${got.name}（${got.key}）`, title: got.title };
  };

  return (
    <section className="console-panel" aria-labelledby="messages-title">
      <h2 id="messages-title" className="page-title">
        消息
      </h2>
      {sent ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 12 }}
          title={`已发送给${sent.who}`}
          description={`标题：${sent.title}`}
          data-testid="message-sent"
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{ scope: 'one' }}
        onFinish={(fields) =>
          send(fields).then(
            (done) => {
              setSent(done);
              form.resetFields(['to', 'title', 'content']);
              setChosen(undefined);
            },
            () => undefined,
          )
        }
      >
        <Form.Item label="发送范围" name="scope">
          <Radio.Group
            optionType="button"
            onChange={() => {
              // An account typed for one unit is not a union chosen, nor the other way round.
              form.setFields([{ name: 'to', value: undefined, errors: [] }]);
              setChosen(undefined);
            }}
            options={[
              { value: 'one', label: '单个单位或职工' },
              { value: 'union', label: '某工会及其下属单位' },
            ]}
            data-testid="message-scope"
          />
        </Form.Item>
        {scope === 'union' ? (
          <Form.Item
            key="union"
            label="工会"
            name="to"
            extra={
              chosen
                ? `将发送给${chosen.name}及其已注册的下属单位，共 ${chosen.units} 个单位`
                : '一级工会：消息发给该工会及其全部已注册的下属单位'
            }
            rules={[{ required: true, message: '请选择工会' }]}
          >
            <UnionPicker onChoose={setChosen} />
          </Form.Item>
        ) : (
          <Form.Item
            key="one"
            label="收件人"
            name="to"
            extra="单位账号或职工身份证号码"
            rules={[{ required: true, whitespace: true, message: '请输入收件单位账号或个人身份证号码' }]}
          >
            <Input maxLength={20} autoComplete="off" data-testid="message-to" />
          </Form.Item>
        )}
        <Form.Item label="标题" name="title" rules={[{ required: true, whitespace: true, message: '请输入消息标题' }]}>
          <Input maxLength={100} showCount data-testid="message-title" />
        </Form.Item>
        <Form.Item label="正文" name="content" rules={[{ required: true, whitespace: true, message: '请输入消息正文' }]}>
          <Input.TextArea rows={6} maxLength={2000} showCount data-testid="message-content" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={one.isPending || union.isPending} data-testid="message-send">
          发送
        </Button>
      </Form>
    </section>
  );
}
