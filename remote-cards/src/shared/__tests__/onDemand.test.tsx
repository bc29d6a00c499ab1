import { act, render, screen } from '@testing-library/react';
import { onDemand, useOnDemand, type OnDemand } from '../onDemand';

describe('onDemand', () => {
  it('loads once however often it is asked, and keeps what it loaded', async () => {
    const loader = jest.fn(async () => ({ rule: 'punti' }));
    const module = onDemand(loader);
    expect(module.current()).toBeUndefined();
    expect(loader).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toBe(second);
    expect(await module.load()).toBe(first);
    expect(module.current()).toBe(first);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load (the network back), instead of replaying the failure', async () => {
    const loader = jest.fn<Promise<{ rule: string }>, []>().mockRejectedValueOnce(new Error('Loading chunk 712 failed.')).mockResolvedValueOnce({ rule: 'punti' });
    const module = onDemand(loader);
    await expect(module.load()).rejects.toThrow('Loading chunk 712 failed.');
    expect(module.current()).toBeUndefined();
    await expect(module.load()).resolves.toEqual({ rule: 'punti' });
    expect(loader).toHaveBeenCalledTimes(2);
  });
});

function Probe({ module, wanted }: { module: OnDemand<{ rule: string }>; wanted: boolean }) {
  const loaded = useOnDemand(module, wanted);
  return <p>{loaded ? loaded.rule : 'in attesa'}</p>;
}

describe('useOnDemand', () => {
  it('asks for nothing until wanted, then shows the module once it is in', async () => {
    const loader = jest.fn(async () => ({ rule: 'soglia' }));
    const module = onDemand(loader);
    const { rerender } = render(<Probe module={module} wanted={false} />);
    expect(screen.getByText('in attesa')).toBeInTheDocument();
    await act(async () => undefined);
    expect(loader).not.toHaveBeenCalled();
    rerender(<Probe module={module} wanted />);
    expect(await screen.findByText('soglia')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('starts from a module already loaded, without a render in between', async () => {
    const module = onDemand(async () => ({ rule: 'punti' }));
    await module.load();
    render(<Probe module={module} wanted={false} />);
    expect(screen.getByText('punti')).toBeInTheDocument();
  });
});
