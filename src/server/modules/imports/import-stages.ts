import { channel } from 'node:diagnostics_channel';

/** Where a large import spent its time, stage by stage, and how many rows each stage handled. */
export type ImportStage = { name: string; ms: number; rows: number };
export type ImportStagesMessage = { importId: string; stages: ImportStage[] };

/**
 * A large import publishes its stage timings here when it finishes (node:diagnostics_channel: free
 * when nobody listens). The import bench subscribes to report rows/s per stage; an operator can
 * subscribe to log them.
 */
export const importStagesChannel = channel('edgebook:import-stages');

/** Adds up time per named stage; `time` wraps one piece of work. */
export class StageClock {
  private readonly stages = new Map<string, ImportStage>();

  async time<T>(name: string, rows: number, work: () => Promise<T> | T): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.add(name, performance.now() - started, rows);
    }
  }

  add(name: string, ms: number, rows: number): void {
    const stage = this.stages.get(name);
    if (stage) {
      stage.ms += ms;
      stage.rows += rows;
    } else this.stages.set(name, { name, ms, rows });
  }

  publish(importId: string): void {
    if (importStagesChannel.hasSubscribers)
      importStagesChannel.publish({ importId, stages: [...this.stages.values()] } satisfies ImportStagesMessage);
  }
}
