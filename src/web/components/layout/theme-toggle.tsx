import { Moon, Sun } from 'lucide-react';

const STORAGE_KEY = 'edgebook-theme';

/** Flips light/dark and remembers the choice (public/theme.js applies it before first paint). */
export function ThemeToggle() {
  const toggle = () => {
    const isDark = !document.documentElement.classList.contains('dark');
    document.documentElement.classList.toggle('dark', isDark);
    try {
      localStorage.setItem(STORAGE_KEY, isDark ? 'dark' : 'light');
    } catch {
      // storage blocked: the choice lasts for this page only
    }
  };
  return (
    <button
      type="button"
      onClick={toggle}
      className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-muted hover:bg-sunken hover:text-fg"
      aria-label="Toggle dark mode"
      title="Toggle dark mode"
    >
      <Sun className="hidden h-5 w-5 dark:block" aria-hidden="true" />
      <Moon className="h-5 w-5 dark:hidden" aria-hidden="true" />
    </button>
  );
}
