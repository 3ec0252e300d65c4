import os from 'node:os';

/**
 * The memory this process may use: the machine's, or a container's limit when that is less. Inside a container
 * `os.totalmem()` reports the host's memory; the limit (the cgroup's) is what the kernel enforces by killing.
 */
export function memoryLimitBytes(): number {
  const total = os.totalmem();
  const constrained = process.constrainedMemory();
  return constrained > 0 && constrained < total ? constrained : total;
}
