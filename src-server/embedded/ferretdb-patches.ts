import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Edits made to FerretDB's vendored sources before it is compiled (ferretdb.ts), so that every lookup
 * and write by `_id` on the SQLite backend uses the `_id` index instead of scanning the collection.
 *
 * As released (v1.24.2), the backend's `WHERE` clause for `_id` is written differently from the `_id_`
 * index's expression (`->'$._id'` against `->"_id"`), so SQLite never uses the index; and it pushes an
 * `_id` down only for a filter that is exactly `{ _id: <string or ObjectId> }`. This project's ids are
 * integers, and its conditional writes filter on `_id` and a version, so every read and write by id
 * scanned: 150 ms for a find and 450 ms for an update at 100,000 small documents, and about 13 s per
 * find on the benchmark's listings. With these edits they take 2-5 ms and SQLite reports
 * `SEARCH ... USING INDEX ..._id_`.
 *
 * Correctness does not rest on the pushdown: every handler filters the rows it gets again with the whole
 * filter, so pushing down only the `_id` of a larger filter returns a superset. Integers are pushed down
 * as the decimal text sjson stores int32, int64 and integral doubles as, so equal numbers of different
 * types still match; zero is left out (a stored -0.0 reads "-0").
 */
export const PATCHED_BUILD = 'id-index';

interface Edit {
  file: string;
  from: string;
  to: string;
}

const SQLITE = 'internal/backends/sqlite';

const PUSHDOWN_OLD = (extra: string) => `	if params.Filter.Len() == 1 {
		v, _ := params.Filter.Get("_id")
		switch v.(type) {
		case string, types.ObjectID:
${extra}			whereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
			args = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
		}
	}
`;
const PUSHDOWN_NEW = (extra: string) => `	if id, ok := idPushdown(params.Filter); ok {
${extra}		whereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
		args = []any{id}
	}
`;

const ID_PUSHDOWN = `
// maxExactInteger is the largest integer every numeric BSON type holds exactly.
const maxExactInteger = 1 << 53

// idPushdown returns the stored JSON text of the filter's top-level \`_id\` equality, so that the query
// selects through the \`_id\` index only the rows whose \`_id\` may match. Every handler filters the rows
// again with the whole filter, so the filter's other keys need no pushdown.
func idPushdown(filter *types.Document) (string, bool) {
	v, err := filter.Get("_id")
	if err != nil {
		return "", false
	}

	switch v := v.(type) {
	case string, types.ObjectID:
		return string(must.NotFail(sjson.MarshalSingleValue(v))), true
	case int32:
		return integerID(int64(v))
	case int64:
		return integerID(v)
	case float64:
		if math.Abs(v) <= maxExactInteger && v == math.Trunc(v) {
			return integerID(int64(v))
		}
	}

	return "", false
}

// integerID is how sjson stores an integral number; zero is left out, as a stored -0.0 reads "-0".
func integerID(v int64) (string, bool) {
	if v == 0 || v > maxExactInteger || v < -maxExactInteger {
		return "", false
	}

	return strconv.FormatInt(v, 10), true
}
`;

const EDITS: Edit[] = [
  {
    file: `${SQLITE}/metadata/metadata.go`,
    from: `IDColumn = DefaultColumn + "->'$._id'"`,
    to: 'IDColumn = DefaultColumn + `->"_id"` // as the _id_ index is written, so SQLite uses it',
  },
  {
    file: `${SQLITE}/collection.go`,
    from: '\t"fmt"\n\t"sort"\n\t"strings"\n',
    to: '\t"fmt"\n\t"math"\n\t"sort"\n\t"strconv"\n\t"strings"\n',
  },
  { file: `${SQLITE}/collection.go`, from: PUSHDOWN_OLD(''), to: PUSHDOWN_NEW('') },
  {
    file: `${SQLITE}/collection.go`,
    from: PUSHDOWN_OLD('\t\t\tfilterPushdown = true\n'),
    to: PUSHDOWN_NEW('\t\tfilterPushdown = true\n'),
  },
];

/** Applies the edits under `moduleDir` (the vendored FerretDB module); each must match exactly once. */
export function patchFerretDB(moduleDir: string): void {
  for (const { file, from, to } of EDITS) {
    const full = path.join(moduleDir, file);
    const source = readFileSync(full, 'utf8');
    const at = source.indexOf(from);
    if (at < 0 || source.indexOf(from, at + 1) >= 0) {
      throw new Error(`FerretDB patch: expected exactly one match in ${file} for:\n${from}`);
    }
    writeFileSync(full, source.replace(from, to));
  }
  const collection = path.join(moduleDir, SQLITE, 'collection.go');
  writeFileSync(collection, readFileSync(collection, 'utf8') + ID_PUSHDOWN);
}
