import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../shared/constants';
import { forgetMyList, MY_LIST_MAX, useMyList } from './my-list';

describe('useMyList', () => {
  beforeEach(() => {
    const { result } = renderHook(() => useMyList());
    act(() => result.current.clear());
  });

  it('saves an organisation on the device, newest first, and takes it off again', () => {
    const { result } = renderHook(() => useMyList());
    act(() => void result.current.toggle({ id: 'a', name: 'First' }));
    act(() => void result.current.toggle({ id: 'b', name: 'Second' }));
    expect(result.current.list.map((saved) => saved.id)).toEqual(['b', 'a']);
    expect(result.current.has('a')).toBe(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.myList)!)).toEqual([
      { id: 'b', name: 'Second' },
      { id: 'a', name: 'First' },
    ]);
    let outcome = '';
    act(() => void (outcome = result.current.toggle({ id: 'a', name: 'First' })));
    expect(outcome).toBe('removed');
    expect(result.current.has('a')).toBe(false);
    act(() => result.current.remove('b'));
    expect(localStorage.getItem(STORAGE_KEYS.myList)).toBeNull();
  });

  it('keeps at most 50, and says so rather than dropping one', () => {
    const { result } = renderHook(() => useMyList());
    act(() => {
      for (let i = 0; i < MY_LIST_MAX; i++) result.current.toggle({ id: `o${i}`, name: `O ${i}` });
    });
    let outcome = '';
    act(() => void (outcome = result.current.toggle({ id: 'one-more', name: 'One more' })));
    expect(outcome).toBe('full');
    expect(result.current.list).toHaveLength(MY_LIST_MAX);
    expect(result.current.has('one-more')).toBe(false);
  });

  it('follows a change made in another tab, and reads a damaged value as an empty list', () => {
    const { result } = renderHook(() => useMyList());
    act(() => {
      localStorage.setItem(STORAGE_KEYS.myList, JSON.stringify([{ id: 'x', name: 'X' }, { id: 3 }]));
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.myList }));
    });
    expect(result.current.list).toEqual([{ id: 'x', name: 'X' }]);
    act(() => {
      localStorage.setItem(STORAGE_KEYS.myList, '{not json');
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.myList }));
    });
    expect(result.current.list).toEqual([]);
  });

  // Last: leaving is for good within a page.
  it('is forgotten on quick exit, and nothing writes it back while the page goes', () => {
    const { result } = renderHook(() => useMyList());
    act(() => void result.current.toggle({ id: 'safe-steps', name: 'Safe Steps' }));
    act(() => forgetMyList({ leavingNow: true }));
    expect(result.current.list).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.myList)).toBeNull();
    act(() => void result.current.toggle({ id: 'safe-steps', name: 'Safe Steps' }));
    expect(localStorage.getItem(STORAGE_KEYS.myList)).toBeNull();
  });
});
