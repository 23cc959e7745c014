import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, makeUser } from '@/test/mock-api/factories';
import { selectIsAdmin, subscribeToStorageChanges, useAuthStore } from './auth-store';

describe('Auth store', () => {
  it('keeps a remembered session in localStorage under token and user', () => {
    const user = makeUser();
    useAuthStore.getState().setSession('tok-r', user, true);
    expect(localStorage.getItem('token')).toBe('tok-r');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps a session without remember me in sessionStorage and drops an older remembered one', () => {
    useAuthStore.getState().setSession('tok-old', makeUser(), true);
    useAuthStore.getState().setSession('tok-s', adminUser, false);
    expect(sessionStorage.getItem('token')).toBe('tok-s');
    expect(JSON.parse(sessionStorage.getItem('user') ?? 'null')).toEqual(adminUser);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(selectIsAdmin(useAuthStore.getState())).toBe(true);
  });

  it('clears both storages', () => {
    useAuthStore.getState().setSession('tok', makeUser(), false);
    useAuthStore.getState().clearSession();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null });
  });

  it('reads the stored session and ignores a malformed user', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', '{not json');
    await useAuthStore.getState().syncFromStorage();
    expect(useAuthStore.getState().token).toBeNull();

    localStorage.setItem('user', JSON.stringify({ ...makeUser(), role: 'superuser' }));
    await useAuthStore.getState().syncFromStorage();
    expect(useAuthStore.getState().token).toBeNull();

    localStorage.setItem('user', JSON.stringify(makeUser()));
    await useAuthStore.getState().syncFromStorage();
    expect(useAuthStore.getState().token).toBe('tok');
  });

  it('falls back to the tab session when the remembered one is malformed', async () => {
    localStorage.setItem('token', 'tok-bad');
    localStorage.setItem('user', '{}');
    sessionStorage.setItem('token', 'tok-tab');
    sessionStorage.setItem('user', JSON.stringify(makeUser()));
    await useAuthStore.getState().syncFromStorage();
    expect(useAuthStore.getState().token).toBe('tok-tab');
  });

  it('lets a session set while the storage is being read win over what the read finds', async () => {
    localStorage.setItem('token', 'tok-stored');
    localStorage.setItem('user', JSON.stringify(makeUser()));
    const reading = useAuthStore.getState().syncFromStorage();
    useAuthStore.getState().clearSession();
    await reading;
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('follows storage events from other tabs', async () => {
    const unsubscribe = subscribeToStorageChanges();
    act(() => {
      localStorage.setItem('token', 'from-other-tab');
      localStorage.setItem('user', JSON.stringify(adminUser));
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    await expect.poll(() => useAuthStore.getState().token).toBe('from-other-tab');
    expect(useAuthStore.getState().user?.role).toBe('admin');

    act(() => {
      localStorage.removeItem('token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    await expect.poll(() => useAuthStore.getState().token).toBeNull();
    unsubscribe();
  });
});
