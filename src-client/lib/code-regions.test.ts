import { describe, expect, it } from 'vitest';
import { codeRegions } from './code-regions';

describe('codeRegions', () => {
  it('takes the lines between the region marks, keeping their indentation', () => {
    const source = ['a();', '// #region one', 'if (x) {', '  b();', '}', '// #endregion', 'c();'].join('\n');
    expect(codeRegions(source)).toEqual({ one: 'if (x) {\n  b();\n}' });
  });

  it('joins the parts of a region marked several times, one blank line apart', () => {
    const source = [
      '# region two',
      'a = 1',
      '',
      '',
      '# endregion',
      'skipped = 0',
      '# region two',
      '',
      'b = 2',
      '# endregion',
    ];
    expect(codeRegions(source.join('\n'))).toEqual({ two: 'a = 1\n\nb = 2' });
  });

  it('closes up runs of blank lines and leaves out what no region holds', () => {
    const source = [
      'x = 0',
      '# region three',
      'def f():',
      '    pass',
      '',
      '',
      '',
      'def g():',
      '    pass',
      '# endregion',
    ];
    expect(codeRegions(source.join('\n'))).toEqual({ three: 'def f():\n    pass\n\ndef g():\n    pass' });
  });
});
