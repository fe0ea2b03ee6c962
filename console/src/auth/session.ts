/** The signed-in person's API key: in this tab's sessionStorage only, gone at sign-out or when the tab closes. */
const KEY = 'vpo.console.apiKey';

export const session = {
  key: (): string | null => sessionStorage.getItem(KEY),
  signIn: (key: string): void => sessionStorage.setItem(KEY, key),
  signOut: (): void => sessionStorage.removeItem(KEY),
};
