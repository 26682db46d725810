// Clack's thin layer over spidev: the ioctls Swift cannot call directly (ioctl is variadic).
#ifndef CLACK_SPIDEV_SHIM_H
#define CLACK_SPIDEV_SHIM_H

#include <errno.h>
#include <fcntl.h>
#include <linux/spi/spidev.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static inline int clack_spi_open(const char *path) {
  int fd = open(path, O_RDWR | O_CLOEXEC);
  return fd < 0 ? -errno : fd;
}

static inline int clack_spi_close(int fd) { return close(fd) < 0 ? -errno : 0; }

static inline int clack_spi_configure(int fd, uint8_t mode, uint8_t bits_per_word,
                                      uint32_t speed_hz) {
  if (ioctl(fd, SPI_IOC_WR_MODE, &mode) < 0) return -errno;
  if (ioctl(fd, SPI_IOC_WR_BITS_PER_WORD, &bits_per_word) < 0) return -errno;
  if (ioctl(fd, SPI_IOC_WR_MAX_SPEED_HZ, &speed_hz) < 0) return -errno;
  return 0;
}

// One full-duplex transfer: `length` bytes out of `tx` while `length` bytes come into `rx`.
static inline int clack_spi_transfer(int fd, const uint8_t *tx, uint8_t *rx, uint32_t length,
                                     uint32_t speed_hz, uint8_t bits_per_word) {
  struct spi_ioc_transfer transfer;
  memset(&transfer, 0, sizeof transfer);
  transfer.tx_buf = (unsigned long)tx;
  transfer.rx_buf = (unsigned long)rx;
  transfer.len = length;
  transfer.speed_hz = speed_hz;
  transfer.bits_per_word = bits_per_word;
  return ioctl(fd, SPI_IOC_MESSAGE(1), &transfer) < 0 ? -errno : 0;
}

#endif
