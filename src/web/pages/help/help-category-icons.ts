import type { ComponentType } from 'react';
import { BookOpen, Bot, Calendar, ChartLine, FileChartColumn, Target, Upload, type LucideProps } from 'lucide-react';
import type { HelpCategory } from '../../../core/site/help-catalogue';

/**
 * The catalogue names its icons; the web app maps them to components. A module of its own so an
 * article page does not load the Help Center index page to get them.
 */
export const HELP_CATEGORY_ICONS: Record<HelpCategory['icon'], ComponentType<LucideProps>> = {
  'file-bar-chart': FileChartColumn,
  'line-chart': ChartLine,
  upload: Upload,
  'book-open': BookOpen,
  target: Target,
  calendar: Calendar,
  bot: Bot,
};
