/* The boards (board.h): one row each, with where its clock comes from. */
#include <string.h>

#include "board.h"
#include "text.h"

const cs_board cs_boards[] = {
	{.name = "nanopi-r2s",
	 .profile = "cortex-a53",
	 .about = "NanoPi R2S (Rockchip RK3328: 4x Cortex-A53 with the crypto extension)",
	 .clock_mhz = 1296,
	 .clock_source = "the highest operating point of the RK3328 in mainline Linux's device "
			 "tree (rk3328.dtsi, cpu0_opp_table); sold as 'up to 1.5 GHz'"},
	{.name = "rpi3",
	 .profile = "cortex-a53-nocrypto",
	 .about = "Raspberry Pi 3 Model B (Broadcom BCM2837: 4x Cortex-A53, no crypto extension)",
	 .clock_mhz = 1200,
	 .clock_source = "the BCM2837's clock on the Pi 3 Model B (the 3B+ runs 1400 MHz); the "
			 "firmware lowers it when the SoC is hot or the supply is low"},
	{.name = "rpi4",
	 .profile = "cortex-a72-nocrypto",
	 .about = "Raspberry Pi 4 Model B (Broadcom BCM2711: 4x Cortex-A72, no crypto extension)",
	 .clock_mhz = 1500,
	 .clock_source = "the BCM2711's clock at the Pi 4's launch (boards from 2022 run 1800 "
			 "MHz); the firmware lowers it when the SoC is hot"},
	{.name = "rpi5",
	 .profile = "cortex-a76",
	 .about = "Raspberry Pi 5 (Broadcom BCM2712: 4x Cortex-A76 with the crypto extension)",
	 .clock_mhz = 2400,
	 .clock_source = "the BCM2712's clock on the Pi 5 (Raspberry Pi's product brief)"},
	{.name = "jetson-nano",
	 .profile = "cortex-a57",
	 .about = "Jetson Nano (NVIDIA Tegra X1: 4x Cortex-A57 with the crypto extension)",
	 .clock_mhz = 1430,
	 .clock_source = "NVIDIA's specification of the Tegra X1's Cortex-A57 ('1.43 GHz')"},
	{.name = "rpi2",
	 .profile = "cortex-a7",
	 .about = "Raspberry Pi 2 Model B v1.1 (Broadcom BCM2836: 4x Cortex-A7, ARMv7)",
	 .clock_mhz = 900,
	 .clock_source = "the BCM2836's clock on the Pi 2 v1.1"},
	{.name = "stm32f407",
	 .profile = "cortex-m4f",
	 .about = "STM32F407-class Cortex-M4F (1 MiB flash, 192 KiB RAM), as qemu's mps2-an386",
	 .clock_mhz = 168,
	 .clock_source = "the STM32F407's maximum clock (ST's datasheet)",
	 .flash_kib = 1024,
	 .ram_kib = 192},
	{.name = "nrf52840",
	 .profile = "cortex-m4f-64mhz",
	 .about = "nRF52840-class Cortex-M4F (1 MiB flash, 256 KiB RAM), as qemu's mps2-an386",
	 .clock_mhz = 64,
	 .clock_source = "the nRF52840's only CPU clock (Nordic's product specification)",
	 .flash_kib = 1024,
	 .ram_kib = 256},
	{.name = "stm32h7",
	 .profile = "cortex-m7",
	 .about = "STM32H7-class Cortex-M7 (2 MiB flash, 1 MiB RAM), as qemu's mps2-an500",
	 .clock_mhz = 480,
	 .clock_source = "the STM32H743's maximum clock (ST's datasheet)",
	 .flash_kib = 2048,
	 .ram_kib = 1024},
};
const size_t cs_n_boards = sizeof cs_boards / sizeof cs_boards[0];

const cs_board *
cs_board_find(const char *name)
{
	for (size_t i = 0; name && i < cs_n_boards; i++)
		if (strcmp(cs_boards[i].name, name) == 0)
			return &cs_boards[i];
	return NULL;
}

const cs_board *
cs_board_of_profile(const char *profile)
{
	for (size_t i = 0; profile && i < cs_n_boards; i++)
		if (strcmp(cs_boards[i].profile, profile) == 0)
			return &cs_boards[i];
	return NULL;
}

void
cs_board_names(char *buf, size_t size, bool mcu, bool other)
{
	const char *names[sizeof cs_boards / sizeof cs_boards[0] + 1];
	size_t n = 0;
	for (size_t i = 0; i < cs_n_boards; i++)
		if (cs_boards[i].flash_kib > 0 ? mcu : other)
			names[n++] = cs_boards[i].name;
	names[n] = NULL;
	cs_join_strv(buf, size, names, ", ");
}
