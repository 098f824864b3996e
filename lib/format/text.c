/* Small text checks every reader makes, and the line alphabet. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "format/text.h"

const char *sd_printable(const char *s, char *out, size_t size)
{
	size_t k = 0;

	for (; *s && k + 5 < size; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch >= ' ' && ch < 127)
			out[k++] = (char)ch;
		else
			k += (size_t)snprintf(out + k, size - k, "\\x%02x", ch);
	}
	out[k] = '\0';
	return out;
}

bool sd_is_blank(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return false;
	return true;
}

int sd_isqrt(size_t x)
{
	size_t r = 0;

	while ((r + 1) * (r + 1) <= x)
		r++;
	return (int)r;
}

bool sd_utf8_valid(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;

	while (p < end) {
		int extra;
		if (*p < 0x80) {
			p++;
			continue;
		}
		if ((*p & 0xe0) == 0xc0 && *p >= 0xc2)
			extra = 1;
		else if ((*p & 0xf0) == 0xe0)
			extra = 2;
		else if ((*p & 0xf8) == 0xf0 && *p <= 0xf4)
			extra = 3;
		else
			return false;
		if (end - p <= extra)
			return false;
		for (int i = 1; i <= extra; i++)
			if ((p[i] & 0xc0) != 0x80)
				return false;
		p += extra + 1;
	}
	return true;
}

void sd_alphabet_default(struct sd_alphabet *a)
{
	sd_alphabet_set(a, SD_STANDARD_SYMBOLS);
	a->value['0'] = 0;
}

int sd_alphabet_set(struct sd_alphabet *a, const char *symbols)
{
	size_t len = strlen(symbols);

	if (len < 1 || len > SD_MAXLINE_N)
		return -1;
	memset(a->value, -1, sizeof a->value);
	a->value['.'] = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)symbols[i];
		/* a line starting with '#' is a comment, one with '{' json */
		if (ch <= ' ' || ch == '.' || ch == ',' || ch == '#' || ch == '{' || ch >= 127 ||
		    a->value[ch] > 0)
			return -1;
		a->value[ch] = (signed char)(i + 1);
	}
	/* letters read in either case unless the alphabet uses both */
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)symbols[i];
		int other = isupper(ch) ? tolower(ch) : toupper(ch);
		if (other != ch && a->value[other] < 0)
			a->value[other] = (signed char)(i + 1);
	}
	a->symbol[0] = '.';
	memcpy(a->symbol + 1, symbols, len + 1);
	a->size = (int)len;
	return 0;
}

bool sd_alphabet_widen(const struct sd_alphabet *a, const struct sd_alphabet *standard, int n,
		       struct sd_alphabet *out)
{
	for (int ch = 0; ch < 256; ch++)
		if (ch != '.' && standard->value[ch] >= 0 && standard->value[ch] <= n &&
		    a->value[ch] >= 0 && a->value[ch] != standard->value[ch])
			return false;
	*out = *a;
	for (int ch = 0; ch < 256; ch++)
		if (out->value[ch] < 0 && standard->value[ch] >= 0 && standard->value[ch] <= n)
			out->value[ch] = standard->value[ch];
	return true;
}
