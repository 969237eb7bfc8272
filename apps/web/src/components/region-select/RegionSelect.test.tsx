import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RegionSelect } from './RegionSelect';

beforeAll(() => {
  // jsdom has neither ResizeObserver (popup measuring) nor matchMedia (Form's grid); stub if the setup did not.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    }) as unknown as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(cleanup);

const input = (container: HTMLElement) => container.querySelector('input') as HTMLInputElement;
const shown = (container: HTMLElement) => container.querySelector('.ant-select-content')?.getAttribute('title');
const open = (container: HTMLElement) => fireEvent.mouseDown(input(container));
const search = (container: HTMLElement, text: string) => {
  open(container);
  fireEvent.change(input(container), { target: { value: text } });
};
const loaded = (container: HTMLElement) => waitFor(() => expect(container.querySelector('.ant-select-loading')).toBeNull());

describe('RegionSelect', () => {
  it('shows a loading state, then the path of the (padded) controlled value', async () => {
    const { container } = render(<RegionSelect value="4301" />);
    expect(container.querySelector('.ant-select-loading')).not.toBeNull();
    expect(container.textContent).toContain('地区数据加载中');
    await waitFor(() => expect(shown(container)).toBe('湖南省 / 长沙市'));
  });

  it('labels options 名称 (子区划数) and lets a province be chosen', async () => {
    const onChange = vi.fn();
    const { container } = render(<RegionSelect onChange={onChange} />);
    await loaded(container);
    open(container);
    const items = await screen.findAllByRole('menuitemcheckbox');
    expect(items[0].getAttribute('title')).toBe('国家医疗保障局');
    const hunan = screen.getByTitle('湖南省 (15)');
    fireEvent.click(hunan);
    expect(onChange).toHaveBeenLastCalledWith('430000', expect.objectContaining({ name: '湖南省', level: 0 }));
    expect(await screen.findByTitle('湖南省本级')).toBeTruthy();
    expect(screen.getByTitle('长沙市 (10)')).toBeTruthy();
  });

  it('searches by code and returns the district code', async () => {
    const onChange = vi.fn();
    const { container } = render(<RegionSelect onChange={onChange} />);
    await loaded(container);
    search(container, '4301');
    fireEvent.click(await screen.findByTitle('湖南省 / 长沙市 / 芙蓉区 (430102)'));
    expect(onChange).toHaveBeenLastCalledWith('430102', expect.objectContaining({ name: '芙蓉区', level: 2 }));
  });

  it('searches by name and keeps historical entries selectable, labelled （已撤销）', async () => {
    const onChange = vi.fn();
    const { container } = render(<RegionSelect onChange={onChange} />);
    await loaded(container);
    search(container, '莱芜');
    expect(await screen.findByTitle('山东省 / 济南市 / 莱芜区 (370116)')).toBeTruthy();
    fireEvent.click(screen.getByTitle('山东省 / 莱芜市（已撤销） (371200)'));
    expect(onChange).toHaveBeenLastCalledWith('371200', expect.objectContaining({ historical: true }));
  });

  it('offers only provinces with level={1}', async () => {
    const { container } = render(<RegionSelect level={1} />);
    await loaded(container);
    open(container);
    fireEvent.click(await screen.findByTitle('湖南省'));
    expect(screen.queryByTitle('湖南省本级')).toBeNull();
  });

  it('shows an unknown code as is and reports a clear as undefined', async () => {
    const onChange = vi.fn();
    const { container } = render(<RegionSelect value="990101" onChange={onChange} />);
    await waitFor(() => expect(shown(container)).toBe('990101'));
    fireEvent.mouseDown(container.querySelector('.ant-select-clear')!);
    fireEvent.click(container.querySelector('.ant-select-clear')!);
    expect(onChange).toHaveBeenLastCalledWith(undefined, undefined);
  });

  it('works as a Form.Item control', async () => {
    const onValuesChange = vi.fn();
    const { container } = render(
      <Form initialValues={{ city: '430102' }} onValuesChange={onValuesChange}>
        <Form.Item name="city" label="地区">
          <RegionSelect />
        </Form.Item>
      </Form>,
    );
    await waitFor(() => expect(shown(container)).toBe('湖南省 / 长沙市 / 芙蓉区'));
    search(container, '襄樊');
    fireEvent.click(await screen.findByTitle('湖北省 / 襄阳市 (420600)'));
    expect(onValuesChange).toHaveBeenLastCalledWith({ city: '420600' }, { city: '420600' });
    await waitFor(() => expect(shown(container)).toBe('湖北省 / 襄阳市'));
  });
});
