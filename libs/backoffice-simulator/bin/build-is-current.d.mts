export declare function isBuildCurrent(builtFile: string, sourceDir: string): boolean;
