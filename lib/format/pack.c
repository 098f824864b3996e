/* pack: the batch scripts' transport, not for people.  A program run with
 * --pack reads its input as it always would and writes each record as
 * one line: the record as JSON, the file, line and format it came from,
 * and the format a run would write it in; a record it could not read
 * becomes a line with the reader's message.  A program reading the pack
 * (-f pack), given any block of its lines, then reports and writes what
 * it would have from the original files.  The record travels as json
 * does, boards in the standard symbols (-A is the line format's only),
 * and with the columns of the csv header it was read under, which a csv
 * writer keeps whichever record of the file a block starts with.  When
 * the run writes csv, the line carries instead the whole header that run
 * fixed at its first record (header): a block of any records writes that
 * header, and refuses a row with a key outside it, as the run would. */
#include <stdlib.h>
#include <string.h>
#include "format/codec.h"

void sd_put_pack(struct sd_buf *b, const struct sd_record *rec, int to, const json_t *header)
{
	sd_buf_printf(b, "{\"to\":\"%s\"", sd_format_names[to]);
	if (rec->file) {
		sd_buf_puts(b, ",\"file\":");
		sd_put_json_string(b, rec->file);
	}
	sd_buf_printf(b, ",\"line\":%ld,\"format\":\"%s\"", rec->line,
		      sd_format_names[rec->format]);
	if (header) {
		sd_buf_puts(b, ",\"header\":");
		sd_buf_json(b, header);
	} else if (rec->columns) {
		sd_buf_puts(b, ",\"columns\":");
		sd_buf_json(b, rec->columns);
	}
	sd_buf_puts(b, ",\"record\":");
	sd_put_json(b, rec);
	/* the record's own line end closes the pack line instead */
	if (!b->failed && b->len)
		b->len--;
	sd_buf_puts(b, "}\n");
}

void sd_put_pack_bad(struct sd_buf *b, const char *file, long line, const char *message)
{
	sd_buf_puts(b, "{\"file\":");
	sd_put_json_string(b, file);
	sd_buf_printf(b, ",\"line\":%ld,\"error\":", line);
	sd_put_json_string(b, message);
	sd_buf_puts(b, "}\n");
}

/* Whether v is what a pack's columns or header hold: absent, or an array
 * of names. */
static bool columns_valid(const json_t *v)
{
	size_t i;
	json_t *name;

	if (!v)
		return true;
	if (!json_is_array(v))
		return false;
	json_array_foreach(v, i, name)
		if (!json_is_string(name))
			return false;
	return true;
}

/* A format named in a pack line, one of first..last; -1 otherwise. */
static int format_named(const json_t *v, int first, int last)
{
	int fmt = json_is_string(v) ? sd_word_index(sd_format_names, json_string_value(v)) : -1;

	return fmt >= first && fmt <= last ? fmt : -1;
}

int sd_read_pack(struct sd_reader *rd, struct sd_record *rec)
{
	char *text;
	size_t len;
	int r;

	if ((r = sd_content_line(rd, &text, &len)) != SD_READ_OK)
		return r;
	free(rd->origin);
	rd->origin = NULL;
	long at = rd->in.lineno;
	json_error_t jerr;
	json_t *obj = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
	json_t *file = json_object_get(obj, "file"), *line = json_object_get(obj, "line");
	json_t *error = json_object_get(obj, "error"), *record = json_object_get(obj, "record");
	json_t *columns = json_object_get(obj, "columns"), *header = json_object_get(obj, "header");
	int format = format_named(json_object_get(obj, "format"), SD_FMT_LINE, SD_FMT_PACK - 1);
	int to = format_named(json_object_get(obj, "to"), SD_FMT_TEXT, SD_FMT_SVG);

	if (!obj)
		return sd_bad(rd, at, "bad pack line: %s", jerr.text);
	if (!json_is_integer(line) || json_integer_value(line) < 0 || (file && !json_is_string(file)) ||
	    (error ? !json_is_string(error) :
	     !json_is_object(record) || format < 0 || to < 0 || !columns_valid(columns) ||
	     !columns_valid(header) || (header && columns))) {
		json_decref(obj);
		return sd_bad(rd, at, "bad pack line: not what --pack writes");
	}
	if (file && !(rd->origin = strdup(json_string_value(file)))) {
		json_decref(obj);
		return sd_read_failed(rd);
	}
	rec->file = rd->origin;
	rec->line = (long)json_integer_value(line);
	if (error) {
		r = sd_bad(rd, rec->line, "%s", json_string_value(error));
		json_decref(obj);
		return r;
	}
	rec->format = format;
	rec->write_as = to;
	r = sd_record_from_json(rd, rec, record);
	if (r == 0 && (header || columns)) {
		rec->columns = json_incref(header ? header : columns);
		rec->columns_whole = header != NULL;
	}
	json_decref(obj);
	if (r < 0) {
		/* the packer settled this record under the same options: the pack
		 * was not made by this program's --pack */
		free(rd->origin);
		rd->origin = NULL;
		rec->file = NULL;
		return sd_bad(rd, at, "bad pack line: %s", rd->err);
	}
	return SD_READ_OK;
}
