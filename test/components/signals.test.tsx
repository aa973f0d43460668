// Components follow the signals they read (src/components/signals.ts, in place of @preact/signals'
// binding): what the model changes is on screen without anyone asking for a render, only what a
// render read is followed, and a component gone follows nothing.
import { batch, signal } from '@preact/signals-core';
import { act, render } from '@testing-library/preact';
import { Component } from 'preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useI18n } from '../../src/components/i18n';

const status = signal('');
const showTotal = signal(true);
const total = signal(0);
const note = signal('');
const shown = signal(true);
const first = signal('');
const last = signal('');
const renders = { summary: 0, parent: 0, word: 0, name: 0 };

const Status = () => <p>{status.value}</p>;
const Summary = () => {
  renders.summary++;
  return <p>{showTotal.value ? total.value : note.value}</p>;
};
const Amount = () => <span>{total.value}</span>;
const Parent = () => {
  renders.parent++;
  return (
    <div>
      <Amount />
    </div>
  );
};
const Word = () => {
  renders.word++;
  const { lang } = useI18n();
  return (
    <p>
      {lang} {note.value}
    </p>
  );
};
const Page = () => <div>{shown.value && <Word />}</div>;
const Name = () => {
  renders.name++;
  return (
    <p>
      {first.value} {last.value}
    </p>
  );
};

beforeEach(() => {
  batch(() => {
    status.value = 'Chargement…';
    showTotal.value = true;
    total.value = 5000;
    note.value = 'a';
    shown.value = true;
    first.value = 'Awa';
    last.value = 'Diop';
  });
  for (const key of Object.keys(renders) as (keyof typeof renders)[]) renders[key] = 0;
});

describe('components › follow the signals they read', () => {
  it('shows a signal’s new value, without a render asked for', async () => {
    const view = render(<Status />);
    expect(view.container.textContent).toBe('Chargement…');
    await act(() => {
      status.value = 'Payé';
    });
    expect(view.container.textContent).toBe('Payé');
  });

  it('follows what its latest render read, not what an earlier one did', async () => {
    const view = render(<Summary />);
    await act(() => {
      showTotal.value = false;
    });
    expect(view.container.textContent).toBe('a');
    const before = renders.summary;
    // The total is no longer read: its change renders nothing; the note's does.
    await act(() => {
      total.value = 7000;
    });
    expect(renders.summary).toBe(before);
    await act(() => {
      note.value = 'b';
    });
    expect(view.container.textContent).toBe('b');
    expect(renders.summary).toBe(before + 1);
  });

  it('a child follows its own signals, its parent not rendered again', async () => {
    const view = render(<Parent />);
    await act(() => {
      total.value = 2;
    });
    expect(view.container.textContent).toBe('2');
    expect(renders.parent).toBe(1);
  });

  it('follows nothing once unmounted, context consumers too', async () => {
    const view = render(<Page />);
    expect(view.container.textContent).toBe('fr a');
    await act(() => {
      shown.value = false;
    });
    const before = renders.word;
    // Its following ended with it: a change asks no render of it at all.
    const asked = vi.spyOn(Component.prototype, 'setState');
    await act(() => {
      note.value = 'b';
    });
    expect(asked).not.toHaveBeenCalled();
    expect(renders.word).toBe(before);
    expect(view.container.textContent).toBe('');
  });

  it('renders once for a batch of changes, however many signals it touches', async () => {
    const view = render(<Name />);
    await act(() => {
      batch(() => {
        first.value = 'Fatou';
        last.value = 'Ndiaye';
      });
    });
    expect(view.container.textContent).toBe('Fatou Ndiaye');
    expect(renders.name).toBe(2);
  });
});
