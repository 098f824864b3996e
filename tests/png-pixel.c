/* png-pixel FILE [X Y W H]: a PNG's size, "WIDTHxHEIGHT", then with an
 * area the colours of its pixels, "#rrggbb COUNT" a line, the most
 * frequent first: what tests/book.bats reads of the pictures it draws. */
#include <stdio.h>
#include <stdlib.h>
#include <cairo.h>

struct colour { unsigned rgb; long count; };

static int by_count(const void *a, const void *b)
{
	const struct colour *x = a, *y = b;

	return (y->count > x->count) - (y->count < x->count);
}

int main(int argc, char **argv)
{
	if (argc != 2 && argc != 6) {
		fprintf(stderr, "usage: png-pixel FILE [X Y W H]\n");
		return 2;
	}
	cairo_surface_t *s = cairo_image_surface_create_from_png(argv[1]);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "png-pixel: %s: %s\n", argv[1],
			cairo_status_to_string(cairo_surface_status(s)));
		return 2;
	}
	int width = cairo_image_surface_get_width(s), height = cairo_image_surface_get_height(s);
	printf("%dx%d\n", width, height);
	if (argc == 6) {
		int x0 = atoi(argv[2]), y0 = atoi(argv[3]), w = atoi(argv[4]), h = atoi(argv[5]);
		int stride = cairo_image_surface_get_stride(s), seen = 0;
		const unsigned char *data = cairo_image_surface_get_data(s);
		struct colour *colours = calloc((size_t)(w > 0 && h > 0 ? w * h : 1), sizeof *colours);
		for (int y = y0; y < y0 + h && y < height; y++)
			for (int x = x0; x < x0 + w && x < width; x++) {
				/* native-endian 32-bit pixels, 0x00rrggbb for an opaque picture */
				unsigned rgb = *(const unsigned *)(data + y * stride + 4 * x) & 0xffffff;
				int k = 0;
				while (k < seen && colours[k].rgb != rgb)
					k++;
				colours[k].rgb = rgb;
				colours[k].count++;
				seen += k == seen;
			}
		qsort(colours, (size_t)seen, sizeof *colours, by_count);
		for (int k = 0; k < seen; k++)
			printf("#%06x %ld\n", colours[k].rgb, colours[k].count);
		free(colours);
	}
	cairo_surface_destroy(s);
	return 0;
}
