/**
 * The Dockerfile read as data, so a test performs its steps outside Docker (Docker cannot run on the
 * test machines) and checks its shape: the stages, each with its instructions in order.
 */
export interface Instruction {
  /** `RUN`, `COPY`, `CMD`, … in capitals. */
  op: string;
  /** The leading `--name=value` options (`--from=build`, `--mount=…`). */
  flags: Record<string, string>;
  /** The rest of the line: a shell command, a JSON array, paths. */
  args: string;
}

export interface Stage {
  name: string;
  instructions: Instruction[];
}

/** A leading `--name=value` option of an instruction. */
const FLAG = /^--([\w-]+)(?:=(\S*))?\s*/;

/** Stages of a Dockerfile's text: comments and the `# syntax` line dropped, continuation lines joined. */
export function parseDockerfile(text: string): Stage[] {
  const lines = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, op = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line)!;
    const flags: Record<string, string> = {};
    let args = rest;
    for (let m = FLAG.exec(args); m; m = FLAG.exec(args)) {
      flags[m[1]!] = m[2] ?? '';
      args = args.slice(m[0].length);
    }
    const instruction = { op: op.toUpperCase(), flags, args };
    if (instruction.op === 'FROM') {
      const name = /\sAS\s+(\S+)$/i.exec(args)?.[1] ?? String(stages.length);
      stages.push({ name, instructions: [] });
    } else if (stages.length > 0) {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return stages;
}

/** The stage called `name`; throws when the Dockerfile has none. */
export function stageNamed(stages: Stage[], name: string): Stage {
  const stage = stages.find((s) => s.name === name);
  if (!stage) throw new Error(`the Dockerfile has no stage "${name}"`);
  return stage;
}

/** An exec-form (`["sh", "x.sh"]`) instruction's words; a shell-form line runs through `sh -c`. */
export function commandWords(args: string): string[] {
  return args.startsWith('[') ? (JSON.parse(args) as string[]) : ['sh', '-c', args];
}

/** `ENV NAME=value` lines of a stage, as an environment. */
export function stageEnv(stage: Stage): Record<string, string> {
  return Object.fromEntries(
    stage.instructions
      .filter((i) => i.op === 'ENV')
      .flatMap((i) =>
        i.args
          .split(/\s+/)
          .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      ),
  );
}
