/** The playbook: what each strategy and each of its rules is worth. */
export { playbookRoutes } from './playbook.routes';
