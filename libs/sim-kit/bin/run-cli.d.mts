export declare function isBuildCurrent(builtFile: string, sourceDir: string): boolean;
export declare function importCli(binUrl: string): Promise<Record<string, unknown>>;
