// Clack's thin layer over i2c-dev: the ioctls Swift cannot call directly (ioctl is variadic)
// and libi2c's SMBus helpers, which already return -errno on failure.
#ifndef CLACK_I2C_SHIM_H
#define CLACK_I2C_SHIM_H

#include <errno.h>
#include <fcntl.h>
#include <i2c/smbus.h>
#include <linux/i2c-dev.h>
#include <linux/i2c.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <unistd.h>

static inline int clack_i2c_open(const char *path) {
  int fd = open(path, O_RDWR | O_CLOEXEC);
  return fd < 0 ? -errno : fd;
}

static inline int clack_i2c_close(int fd) { return close(fd) < 0 ? -errno : 0; }

// I2C_FUNCS: what the adapter supports (I2C_FUNC_* bits).
static inline int clack_i2c_functions(int fd, unsigned long *functions) {
  return ioctl(fd, I2C_FUNCS, functions) < 0 ? -errno : 0;
}

// I2C_SLAVE: the address later SMBus calls on this descriptor go to. EBUSY means a kernel
// driver owns the address.
static inline int clack_i2c_select(int fd, unsigned int address) {
  return ioctl(fd, I2C_SLAVE, (unsigned long)address) < 0 ? -errno : 0;
}

// I2C_RDWR: an optional write then an optional read, joined by a repeated start.
static inline int clack_i2c_transfer(int fd, uint16_t address, const uint8_t *write_buf,
                                     uint16_t write_len, uint8_t *read_buf, uint16_t read_len) {
  struct i2c_msg messages[2];
  unsigned int count = 0;
  if (write_len > 0) {
    messages[count].addr = address;
    messages[count].flags = 0;
    messages[count].len = write_len;
    messages[count].buf = (uint8_t *)write_buf;
    count++;
  }
  if (read_len > 0) {
    messages[count].addr = address;
    messages[count].flags = I2C_M_RD;
    messages[count].len = read_len;
    messages[count].buf = read_buf;
    count++;
  }
  if (count == 0) return 0;
  struct i2c_rdwr_ioctl_data data = {.msgs = messages, .nmsgs = count};
  return ioctl(fd, I2C_RDWR, &data) < 0 ? -errno : 0;
}


#endif
